import { issueParamsSchema, resolveRequestSchema, type ResolveResponse } from '../../../shared/schemas/issues';
import { issuesRepository } from '../../adapters/dynamodb/issues-repository';
import { resolveIssue } from '../../domain/issues/resolve-issue';
import { systemClock } from '../../lib/clock';
import { defineRoute, requireCaller } from '../define-route';
import { datasetRef } from './dataset-ref';

// The body's resolvedBy is ignored: who resolved is the signed-in caller, never what a client claims.
export const handler = defineRoute({ params: issueParamsSchema, body: resolveRequestSchema }, async (input) => {
  const row = await resolveIssue(
    issuesRepository,
    datasetRef(input),
    { issueId: input.params.id, action: input.body.resolution, bodyIssueId: input.body.issueId, version: input.body.version },
    requireCaller(input).email,
    systemClock,
  );
  const body: ResolveResponse = { success: true, data: row };
  return { body };
});
