import { issueParamsSchema, resolveRequestSchema, type ResolveResponse } from '../../../shared/schemas/issues';
import { issuesRepository } from '../../adapters/dynamodb/issues-repository';
import { resolveIssue } from '../../domain/issues/resolve-issue';
import { systemClock } from '../../lib/clock';
import { publishIssueChanges } from '../../realtime/issue-events';
import { defineRoute, requireCaller } from '../define-route';
import { datasetRef } from './dataset-ref';

// The body's resolvedBy is ignored: who resolved is the signed-in caller, never what a client claims.
// Once written, the change and the new counts go out as real-time events (never failing the write).
export const handler = defineRoute({ params: issueParamsSchema, body: resolveRequestSchema }, async (input) => {
  const ref = datasetRef(input);
  const by = requireCaller(input).email;
  const row = await resolveIssue(
    issuesRepository,
    ref,
    { issueId: input.params.id, action: input.body.resolution, bodyIssueId: input.body.issueId, version: input.body.version },
    by,
    systemClock,
  );
  await publishIssueChanges(issuesRepository, ref, by, [{ issue_id: row.issue_id, status: row.status, version: row.version }], false);
  const body: ResolveResponse = { success: true, data: row };
  return { body };
});
