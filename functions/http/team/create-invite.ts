import { inviteCreateSchema, orgParamsSchema, type InviteCreateResponse } from '../../../shared/schemas/team';
import { createInvite } from '../../domain/team/invites';
import { defineRoute, requireCaller } from '../define-route';
import { inviteDeps } from './deps';

export const handler = defineRoute({ params: orgParamsSchema, body: inviteCreateSchema }, async (input) => {
  const created = await createInvite(inviteDeps(input.event), requireCaller(input), input.params.orgId, input.body);
  const body: InviteCreateResponse = { success: true, ...created };
  return { status: 201, body };
});
