import { checksConfigSchema } from '../../../shared/schemas/checks';
import { datasetParamsSchema } from '../../../shared/schemas/issues';
import { saveDatasetConfig } from '../../domain/datasets/config';
import { defineRoute, requireCaller } from '../define-route';
import { datasetRef } from '../issues/dataset-ref';
import { dataInDeps } from './deps';

export const handler = defineRoute({ params: datasetParamsSchema, body: checksConfigSchema }, async (input) => ({
  body: { success: true, ...(await saveDatasetConfig(dataInDeps(), datasetRef(input), input.body, requireCaller(input).email)) },
}));
