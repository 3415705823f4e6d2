import { inviteParamsSchema } from '../../../shared/schemas/team';
import { resendInvite } from '../../domain/team/invites';
import { defineRoute, requireCaller } from '../define-route';
import { inviteDeps } from './deps';

export const handler = defineRoute({ params: inviteParamsSchema }, async (input) => {
  await resendInvite(inviteDeps(input.event), requireCaller(input), input.params.orgId, input.params.id);
  return { body: { success: true, message: 'Invitation email resent successfully!' } };
});
