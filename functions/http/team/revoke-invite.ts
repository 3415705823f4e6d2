import { inviteParamsSchema } from '../../../shared/schemas/team';
import { revokeInvite } from '../../domain/team/invites';
import { defineRoute, requireCaller } from '../define-route';
import { clock, store } from './deps';

export const handler = defineRoute({ params: inviteParamsSchema }, async (input) => {
  await revokeInvite({ store, clock }, requireCaller(input), input.params.orgId, input.params.id);
  return { body: { success: true, message: 'Invitation revoked' } };
});
