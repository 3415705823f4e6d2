import { datasetParamsSchema } from '../../../shared/schemas/issues';
import { getDatasetConfig } from '../../domain/datasets/config';
import { defineRoute } from '../define-route';
import { datasetRef } from '../issues/dataset-ref';
import { dataInDeps } from './deps';

export const handler = defineRoute({ params: datasetParamsSchema }, async (input) => ({
  body: { success: true, ...(await getDatasetConfig(dataInDeps(), datasetRef(input))) },
}));
