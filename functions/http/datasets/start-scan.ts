import type { StartScanResponse } from '../../../shared/schemas/datasets';
import { datasetParamsSchema } from '../../../shared/schemas/issues';
import { startScan } from '../../domain/scans/start-scan';
import { defineRoute, requireCaller } from '../define-route';
import { datasetRef } from '../issues/dataset-ref';
import { dataInDeps } from './deps';

export const handler = defineRoute({ params: datasetParamsSchema }, async (input) => {
  const scan = await startScan(dataInDeps(), datasetRef(input), requireCaller(input).email);
  const body: StartScanResponse = { success: true, message: 'Scan initiated. Results will appear shortly.', scanId: scan.scanId, scan };
  return { status: 202, body };
});
