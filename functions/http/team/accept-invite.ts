import { inviteAcceptSchema, inviteCodeParamsSchema } from '../../../shared/schemas/team';
import { acceptInvite } from '../../domain/team/accept-invite';
import { defineRoute } from '../define-route';
import { clock, identity, store } from './deps';

// Public (spec 2 §7.6): creates the user, the member and the assignment, all or nothing.
export const handler = defineRoute({ params: inviteCodeParamsSchema, body: inviteAcceptSchema }, async ({ params, body }) => {
  const accepted = await acceptInvite({ store, identity, clock }, params.inviteCode, body);
  return { status: 201, body: { success: true, email: accepted.email, organization: { name: accepted.organizationName }, message: `Welcome to ${accepted.organizationName}! Sign in with your e-mail and password.` } };
});
