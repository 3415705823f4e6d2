import { issueParamsSchema, type IssueHistoryResponse } from '../../../shared/schemas/issues';
import { issuesRepository } from '../../adapters/dynamodb/issues-repository';
import { issueHistory } from '../../domain/issues/read-issues';
import { defineRoute } from '../define-route';
import { datasetRef } from './dataset-ref';

export const handler = defineRoute({ params: issueParamsSchema }, async (input) => {
  const body: IssueHistoryResponse = { success: true, events: await issueHistory(issuesRepository, datasetRef(input), input.params.id) };
  return { body };
});
