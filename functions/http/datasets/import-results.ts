import { importRequestSchema } from '../../../shared/schemas/datasets';
import { datasetParamsSchema } from '../../../shared/schemas/issues';
import { importResults } from '../../domain/scans/import-results';
import { defineRoute, requireCaller } from '../define-route';
import { datasetRef } from '../issues/dataset-ref';
import { dataInDeps } from './deps';

export const handler = defineRoute({ params: datasetParamsSchema, body: importRequestSchema }, async (input) => {
  const { job, imported } = await importResults(dataInDeps(), datasetRef(input), input.body, requireCaller(input).email);
  return { body: { success: true, scan: job, imported: { ...imported, failedRows: job.failures } } };
});
