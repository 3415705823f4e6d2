import { relatedParamsSchema, relatedQuerySchema } from '../../../shared/schemas/related';
import { issuesRepository } from '../../adapters/dynamodb/issues-repository';
import { relatedIssues } from '../../domain/issues/related-issues';
import { defineRoute, requireInstance } from '../define-route';

// {id} is a dataset id of the x-instance-id instance (the spec's path, like bulk-assign).
export const handler = defineRoute({ params: relatedParamsSchema, query: relatedQuerySchema }, async (input) => {
  const instance = requireInstance(input);
  const ref = { organizationId: instance.organizationId, instanceId: instance.id, datasetId: input.params.id };
  return { body: await relatedIssues(issuesRepository, ref, input.params.issueId, input.query) };
});
