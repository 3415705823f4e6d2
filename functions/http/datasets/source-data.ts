import { sourceDataQuerySchema, type SourceDataResponse } from '../../../shared/schemas/datasets';
import { datasetParamsSchema } from '../../../shared/schemas/issues';
import { readSourceData } from '../../domain/datasets/source-data';
import { defineRoute } from '../define-route';
import { datasetRef } from '../issues/dataset-ref';
import { dataInDeps } from './deps';

export const handler = defineRoute({ params: datasetParamsSchema, query: sourceDataQuerySchema }, async (input) => {
  const page = await readSourceData(dataInDeps(), datasetRef(input), input.query);
  const body: SourceDataResponse = {
    success: true,
    columns: page.columns,
    recordKey: page.recordKey,
    data: page.data,
    pagination: { total: page.total, limit: input.query.limit, offset: input.query.offset },
  };
  return { body };
});
