import { instanceParamsSchema, instanceUpdateSchema } from '../../../shared/schemas/team';
import { updateInstance } from '../../domain/team/instances';
import { defineRoute, requireCaller } from '../define-route';
import { clock, store } from './deps';

export const handler = defineRoute({ params: instanceParamsSchema, body: instanceUpdateSchema }, async (input) => {
  const instance = await updateInstance(store, clock, requireCaller(input), input.params.orgId, input.params.id, input.body);
  return { body: { success: true, instance } };
});
