import type { ResetResponse } from '../../../shared/schemas/datasets';
import { datasetParamsSchema } from '../../../shared/schemas/issues';
import { resetDataset } from '../../domain/datasets/reset-dataset';
import { defineRoute, requireCaller } from '../define-route';
import { datasetRef } from '../issues/dataset-ref';
import { dataInDeps } from './deps';

export const handler = defineRoute({ params: datasetParamsSchema }, async (input) => {
  const { scanId } = await resetDataset(dataInDeps(), datasetRef(input), requireCaller(input).email);
  const body: ResetResponse = { success: true, message: 'Data reset successfully', scanId };
  return { body };
});
