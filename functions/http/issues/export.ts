import { toCsv } from '../../../shared/csv';
import { datasetParamsSchema, exportQuerySchema, type FixesExportResponse } from '../../../shared/schemas/issues';
import { issuesRepository } from '../../adapters/dynamodb/issues-repository';
import { exportFixes } from '../../domain/issues/read-issues';
import { defineRoute } from '../define-route';
import { datasetRef } from './dataset-ref';

// The fixes of a dataset's resolved rows, as a CSV download or JSON. The CSV is opened in
// spreadsheets, so formula-like cells are neutralised (issue 8 §6); the JSON keeps values as they are.
export const handler = defineRoute({ params: datasetParamsSchema, query: exportQuerySchema }, async (input) => {
  const { recordKey, fixes } = await exportFixes(issuesRepository, datasetRef(input));
  if (input.query.format === 'json') {
    const body: FixesExportResponse = { success: true, data: fixes };
    return { body };
  }
  const header = [recordKey, 'column', 'old_value', 'new_value', 'method', 'resolved_by', 'resolved_at', 'issue_id'];
  const rows = fixes.map((f) => [f.record_id, f.column, f.old_value, f.new_value, f.method, f.resolved_by, f.resolved_at, f.issue_id]);
  const date = new Date().toISOString().slice(0, 10);
  return {
    raw: toCsv(header, rows, { neutraliseFormulas: true }),
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${input.params.dataset}-fixes-${date}.csv"`,
    },
  };
});
