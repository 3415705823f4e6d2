import * as z from 'zod';
import { updateUseCaseRequestSchema, useCaseIdSchema } from '../../../shared/use-cases';
import { useCasesRepository } from '../../adapters/dynamodb/use-cases-repository';
import { updateUseCase } from '../../domain/use-cases/use-cases';
import { systemClock } from '../../lib/clock';
import { defineRoute, requireCaller } from '../define-route';

// PUT /api/taxonomy/use-cases/{id}: rename, describe, reprioritize, enable or disable (spec 2 §4).
export const handler = defineRoute({ params: z.object({ id: useCaseIdSchema }), body: updateUseCaseRequestSchema }, async (input) => ({
  body: { success: true, data: await updateUseCase(useCasesRepository, requireCaller(input).organization.id, input.params.id, input.body, systemClock) },
}));
