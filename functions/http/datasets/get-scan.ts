import { scanParamsSchema } from '../../../shared/schemas/datasets';
import { getScan } from '../../domain/scans/start-scan';
import { defineRoute } from '../define-route';
import { datasetRef } from '../issues/dataset-ref';
import { dataInDeps } from './deps';

export const handler = defineRoute({ params: scanParamsSchema }, async (input) => ({
  body: { success: true, scan: await getScan(dataInDeps(), datasetRef(input), input.params.scanId) },
}));
