import { datasetParamsSchema, failedRowsQuerySchema } from '../../../shared/schemas/issues';
import { issuesRepository } from '../../adapters/dynamodb/issues-repository';
import { useCasesRepository } from '../../adapters/dynamodb/use-cases-repository';
import { ValidationFailed } from '../../domain/errors';
import { listRowSubset, type RowSubset } from '../../domain/issues/list-row-subset';
import { listFailedRows } from '../../domain/issues/list-failed-rows';
import { readUseCases } from '../../domain/use-cases/use-cases';
import { systemClock } from '../../lib/clock';
import { defineRoute, requireCaller } from '../define-route';
import { datasetRef } from './dataset-ref';

export const NOT_AN_ENABLED_USE_CASE = 'must be an enabled use case of your organization';

export const handler = defineRoute({ params: datasetParamsSchema, query: failedRowsQuerySchema }, async (input) => {
  const { assignee, impact } = input.query;
  const ref = datasetRef(input);
  if (assignee === undefined && impact === undefined) return { body: await listFailedRows(issuesRepository, ref, input.query) };
  const subset: RowSubset = {};
  // "me" is the signed-in caller (issue 13 §4: "Assigned to me").
  if (assignee !== undefined) subset.assignee = assignee === 'me' ? requireCaller(input).email.toLowerCase() : assignee;
  if (impact !== undefined) {
    // The Impact filter (issue 13 §6): a use case of the instance's organization, enabled.
    const useCase = (await readUseCases(useCasesRepository, ref.organizationId, systemClock)).find((u) => u.id === impact && u.enabled);
    if (!useCase) throw new ValidationFailed(`impact ${NOT_AN_ENABLED_USE_CASE}`, [{ field: 'query.impact', message: NOT_AN_ENABLED_USE_CASE }]);
    subset.useCase = useCase;
  }
  return { body: await listRowSubset(issuesRepository, ref, input.query, subset) };
});
