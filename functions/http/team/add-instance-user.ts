import { instanceParamsSchema, instanceUserSchema } from '../../../shared/schemas/team';
import { assignUser } from '../../domain/team/instances';
import { defineRoute, requireCaller } from '../define-route';
import { clock, store } from './deps';

export const handler = defineRoute({ params: instanceParamsSchema, body: instanceUserSchema }, async (input) => {
  await assignUser(store, clock, requireCaller(input), input.params.orgId, input.params.id, input.body.userEmail, input.body.role);
  return { status: 201, body: { success: true, message: `${input.body.userEmail} assigned to the instance` } };
});
