import { inviteCodeParamsSchema, type InviteDetails } from '../../../shared/schemas/team';
import { inviteDetails } from '../../domain/team/accept-invite';
import { defineRoute } from '../define-route';
import { clock, store } from './deps';

// Public (spec 2 §7.6): the code itself is the credential, so nothing beyond what the page shows.
export const handler = defineRoute({ params: inviteCodeParamsSchema }, async ({ params }) => {
  const body: InviteDetails = { success: true, invite: await inviteDetails(store, clock, params.inviteCode) };
  return { body, headers: { 'cache-control': 'no-store' } };
});
