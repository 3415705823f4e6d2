import { clustersQuerySchema } from '../../../shared/schemas/clusters';
import { datasetParamsSchema } from '../../../shared/schemas/issues';
import { issuesRepository } from '../../adapters/dynamodb/issues-repository';
import { listClusters } from '../../domain/clusters/list-clusters';
import { defineRoute } from '../define-route';
import { datasetRef } from './dataset-ref';

export const handler = defineRoute({ params: datasetParamsSchema, query: clustersQuerySchema }, async (input) => ({
  body: await listClusters(issuesRepository, datasetRef(input), input.query),
}));
