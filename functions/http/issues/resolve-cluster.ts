import { clusterParamsSchema, resolveClusterRequestSchema } from '../../../shared/schemas/clusters';
import { issuesRepository } from '../../adapters/dynamodb/issues-repository';
import { resolveCluster } from '../../domain/clusters/resolve-cluster';
import { systemClock } from '../../lib/clock';
import { bulkEventsObserver } from '../../realtime/issue-events';
import { publishTenantEvent } from '../../realtime/publish';
import { defineRoute, requireCaller } from '../define-route';
import { datasetRef } from './dataset-ref';

// Who fixed the rows is the signed-in caller. Progress goes out as bulk-progress events (the rows
// and the new counts as issue-resolved and quality-metrics, as for bulk actions), the end as
// cluster-resolved.
export const handler = defineRoute({ params: clusterParamsSchema, body: resolveClusterRequestSchema }, async (input) => {
  const ref = datasetRef(input);
  const by = requireCaller(input).email;
  const clusterId = input.params.clusterId;
  return {
    body: await resolveCluster(
      issuesRepository,
      ref,
      {
        clusterId,
        ...(input.body.value !== undefined ? { value: input.body.value } : {}),
        ...(input.body.accept_suggestion ? { acceptSuggestion: true } : {}),
        issueIds: input.body.issue_ids,
      },
      by,
      systemClock,
      {
        observer: bulkEventsObserver(issuesRepository, ref, by, `cluster-${clusterId}`),
        finished: async (result) => {
          await publishTenantEvent(
            { organizationId: ref.organizationId, instanceId: ref.instanceId },
            { type: 'cluster-resolved', data: { datasetId: ref.datasetId, clusterId, by, resolved: result.resolved, failed: result.failed, total: result.total } },
          );
        },
      },
    ),
  };
});
