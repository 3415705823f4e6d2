import { datasetParamsSchema, failedRowsQuerySchema } from '../../../shared/schemas/issues';
import { issuesRepository } from '../../adapters/dynamodb/issues-repository';
import { listAssignedRows } from '../../domain/issues/list-assigned-rows';
import { listFailedRows } from '../../domain/issues/list-failed-rows';
import { defineRoute, requireCaller } from '../define-route';
import { datasetRef } from './dataset-ref';

export const handler = defineRoute({ params: datasetParamsSchema, query: failedRowsQuerySchema }, async (input) => {
  const { assignee } = input.query;
  if (assignee === undefined) return { body: await listFailedRows(issuesRepository, datasetRef(input), input.query) };
  // "me" is the signed-in caller (issue 13 §4: "Assigned to me").
  const who = assignee === 'me' ? requireCaller(input).email.toLowerCase() : assignee;
  return { body: await listAssignedRows(issuesRepository, datasetRef(input), input.query, who) };
});
