import { instanceUserParamsSchema } from '../../../shared/schemas/team';
import { unassignUser } from '../../domain/team/instances';
import { defineRoute, requireCaller } from '../define-route';
import { clock, store } from './deps';

export const handler = defineRoute({ params: instanceUserParamsSchema }, async (input) => {
  await unassignUser(store, clock, requireCaller(input), input.params.orgId, input.params.id, input.params.email);
  return { body: { success: true, message: `${input.params.email} removed from the instance` } };
});
