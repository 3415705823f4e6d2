import { datasetParamsSchema, failedRowsQuerySchema } from '../../../shared/schemas/issues';
import { issuesRepository } from '../../adapters/dynamodb/issues-repository';
import { listFailedRows } from '../../domain/issues/list-failed-rows';
import { defineRoute } from '../define-route';
import { datasetRef } from './dataset-ref';

export const handler = defineRoute({ params: datasetParamsSchema, query: failedRowsQuerySchema }, async (input) => ({
  body: await listFailedRows(issuesRepository, datasetRef(input), input.query),
}));
