import { bulkResolveRequestSchema, datasetParamsSchema } from '../../../shared/schemas/issues';
import { issuesRepository } from '../../adapters/dynamodb/issues-repository';
import { bulkResolve } from '../../domain/issues/bulk-resolve';
import { systemClock } from '../../lib/clock';
import { defineRoute, requireCaller } from '../define-route';
import { datasetRef } from './dataset-ref';

// The body's resolvedBy is ignored: who acted is the signed-in caller.
export const handler = defineRoute({ params: datasetParamsSchema, body: bulkResolveRequestSchema }, async (input) => ({
  body: await bulkResolve(issuesRepository, datasetRef(input), input.body.recordIds, input.body.resolution, requireCaller(input).email, systemClock),
}));
