import { testResultParamsSchema, testResultQuerySchema } from '../../../shared/schemas/qa-validation';
import { qaResultsRepository } from '../../adapters/qa/validation-ports';
import { NotFound } from '../../domain/errors';
import { resultView } from '../../domain/qa/validation';
import { defineRoute, requireCaller } from '../define-route';

// GET /api/qa-validation/test-results/{id}?include_logs: a stored result of your organization.
export const handler = defineRoute({ params: testResultParamsSchema, query: testResultQuerySchema }, async (input) => {
  const result = await qaResultsRepository.get(requireCaller(input).organization.id, input.params.id);
  if (!result) throw new NotFound('Test result not found');
  return { body: { success: true, result: resultView(result, input.query.include_logs) } };
});
