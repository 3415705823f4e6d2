import { classifyRequestSchema } from '../../../shared/use-cases';
import { useCasesRepository } from '../../adapters/dynamodb/use-cases-repository';
import { classifyOne, selectUseCases } from '../../domain/use-cases/downstream';
import { readUseCases } from '../../domain/use-cases/use-cases';
import { systemClock } from '../../lib/clock';
import { defineRoute, requireCaller } from '../define-route';

// POST /api/downstream-use-cases/classify {issue, enabledUseCases}: which of the organization's
// use cases (the named ones, else the enabled ones) the failed row affects, how badly and why.
// Ids of another organization's use cases are simply not found among the caller's.
export const handler = defineRoute({ body: classifyRequestSchema }, async (input) => {
  const useCases = await readUseCases(useCasesRepository, requireCaller(input).organization.id, systemClock);
  return { body: { success: true, data: classifyOne(input.body.issue, selectUseCases(useCases, input.body.enabledUseCases)) } };
});
