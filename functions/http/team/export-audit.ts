import { toCsv } from '../../../shared/csv';
import { orgParamsSchema } from '../../../shared/schemas/team';
import { AUDIT_CSV_HEADER, auditCsvRow, readWholeLog } from '../../domain/team/audit-log';
import { defineRoute } from '../define-route';
import { store } from './deps';

export const handler = defineRoute({ params: orgParamsSchema }, async ({ params }) => {
  const entries = await readWholeLog(store, params.orgId);
  return {
    raw: toCsv(AUDIT_CSV_HEADER, entries.map(auditCsvRow)),
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="audit-${params.orgId}.csv"` },
  };
});
