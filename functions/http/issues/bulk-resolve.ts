import { bulkResolveRequestSchema, datasetParamsSchema } from '../../../shared/schemas/issues';
import { issuesRepository } from '../../adapters/dynamodb/issues-repository';
import { bulkResolve } from '../../domain/issues/bulk-resolve';
import { systemClock } from '../../lib/clock';
import { bulkEventsObserver } from '../../realtime/issue-events';
import { defineRoute, requireCaller } from '../define-route';
import { datasetRef } from './dataset-ref';

// The body's resolvedBy is ignored: who acted is the signed-in caller. Progress, the changed rows
// and the new counts go out as real-time events (bulk-progress, issue-resolved, quality-metrics).
export const handler = defineRoute({ params: datasetParamsSchema, body: bulkResolveRequestSchema }, async (input) => {
  const ref = datasetRef(input);
  const by = requireCaller(input).email;
  const operationId = input.body.operationId ?? systemClock.newId();
  return {
    body: await bulkResolve(issuesRepository, ref, input.body.recordIds, input.body.resolution, by, systemClock, bulkEventsObserver(issuesRepository, ref, by, operationId)),
  };
});
