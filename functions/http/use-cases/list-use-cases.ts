import { useCasesRepository } from '../../adapters/dynamodb/use-cases-repository';
import { listUseCases } from '../../domain/use-cases/use-cases';
import { systemClock } from '../../lib/clock';
import { defineRoute, requireCaller } from '../define-route';

// GET /api/taxonomy/use-cases (spec 2 §2.3 Tagging, §7.3): the caller's organization's use cases.
export const handler = defineRoute({}, async (input) => {
  const { useCases, activeCount, message } = await listUseCases(useCasesRepository, requireCaller(input).organization.id, systemClock);
  return { body: { success: true, data: useCases, activeCount, ...(message ? { message } : {}) } };
});
