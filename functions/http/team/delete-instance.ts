import { instanceParamsSchema } from '../../../shared/schemas/team';
import { deleteInstance } from '../../domain/team/instances';
import { defineRoute, requireCaller } from '../define-route';
import { clock, store } from './deps';

export const handler = defineRoute({ params: instanceParamsSchema }, async (input) => {
  const { removedAssignments } = await deleteInstance(store, clock, requireCaller(input), input.params.orgId, input.params.id);
  return { body: { success: true, removedAssignments, message: 'Instance deleted' } };
});
