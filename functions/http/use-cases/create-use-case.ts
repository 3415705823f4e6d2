import { createUseCaseRequestSchema } from '../../../shared/use-cases';
import { useCasesRepository } from '../../adapters/dynamodb/use-cases-repository';
import { createUseCase } from '../../domain/use-cases/use-cases';
import { systemClock } from '../../lib/clock';
import { defineRoute, requireCaller } from '../define-route';

// POST /api/taxonomy/use-cases {name, description, priority?, match?}: a custom use case, enabled.
export const handler = defineRoute({ body: createUseCaseRequestSchema }, async (input) => ({
  status: 201,
  body: { success: true, data: await createUseCase(useCasesRepository, requireCaller(input).organization.id, input.body, systemClock) },
}));
