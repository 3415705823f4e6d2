import { checksConfigSchema } from '../../../shared/schemas/checks';
import { datasetParamsSchema } from '../../../shared/schemas/issues';
import { previewDatasetConfig } from '../../domain/datasets/config';
import { defineRoute } from '../define-route';
import { datasetRef } from '../issues/dataset-ref';
import { dataInDeps } from './deps';

// The check editor's preview: failures per check on the current data, nothing written.
export const handler = defineRoute({ params: datasetParamsSchema, body: checksConfigSchema }, async (input) => ({
  body: { success: true, ...(await previewDatasetConfig(dataInDeps(), datasetRef(input), input.body)) },
}));
