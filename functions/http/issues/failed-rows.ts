import { datasetParamsSchema, failedRowsQuerySchema } from '../../../shared/schemas/issues';
import { issuesRepository } from '../../adapters/dynamodb/issues-repository';
import { useCasesRepository } from '../../adapters/dynamodb/use-cases-repository';
import { listRowSubset, type RowSubset } from '../../domain/issues/list-row-subset';
import { listFailedRows } from '../../domain/issues/list-failed-rows';
import { requireEnabledUseCase } from '../../domain/use-cases/use-cases';
import { systemClock } from '../../lib/clock';
import { defineRoute, requireCaller } from '../define-route';
import { datasetRef } from './dataset-ref';

export const handler = defineRoute({ params: datasetParamsSchema, query: failedRowsQuerySchema }, async (input) => {
  const { assignee, impact } = input.query;
  const ref = datasetRef(input);
  if (assignee === undefined && impact === undefined) return { body: await listFailedRows(issuesRepository, ref, input.query) };
  const subset: RowSubset = {};
  // "me" is the signed-in caller (issue 13 §4: "Assigned to me").
  if (assignee !== undefined) subset.assignee = assignee === 'me' ? requireCaller(input).email.toLowerCase() : assignee;
  // The Impact filter (issue 13 §6): an enabled use case of the instance's organization.
  if (impact !== undefined) subset.useCase = await requireEnabledUseCase(useCasesRepository, ref.organizationId, impact, systemClock);
  return { body: await listRowSubset(issuesRepository, ref, input.query, subset) };
});
