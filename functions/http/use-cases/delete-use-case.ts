import * as z from 'zod';
import { useCaseIdSchema } from '../../../shared/use-cases';
import { useCasesRepository } from '../../adapters/dynamodb/use-cases-repository';
import { deleteUseCase } from '../../domain/use-cases/use-cases';
import { defineRoute, requireCaller } from '../define-route';

// DELETE /api/taxonomy/use-cases/{id}.
export const handler = defineRoute({ params: z.object({ id: useCaseIdSchema }) }, async (input) => {
  await deleteUseCase(useCasesRepository, requireCaller(input).organization.id, input.params.id);
  return { body: { success: true } };
});
