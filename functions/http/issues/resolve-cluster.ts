import { clusterParamsSchema, resolveClusterRequestSchema } from '../../../shared/schemas/clusters';
import { issuesRepository } from '../../adapters/dynamodb/issues-repository';
import { resolveCluster } from '../../domain/clusters/resolve-cluster';
import { systemClock } from '../../lib/clock';
import { defineRoute, requireCaller } from '../define-route';
import { datasetRef } from './dataset-ref';

// Who fixed the rows is the signed-in caller.
export const handler = defineRoute({ params: clusterParamsSchema, body: resolveClusterRequestSchema }, async (input) => ({
  body: await resolveCluster(
    issuesRepository,
    datasetRef(input),
    {
      clusterId: input.params.clusterId,
      ...(input.body.value !== undefined ? { value: input.body.value } : {}),
      ...(input.body.accept_suggestion ? { acceptSuggestion: true } : {}),
      issueIds: input.body.issue_ids,
    },
    requireCaller(input).email,
    systemClock,
  ),
}));
