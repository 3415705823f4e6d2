import { orgParamsSchema, type InvitesResponse } from '../../../shared/schemas/team';
import { listInvites } from '../../domain/team/invites';
import { defineRoute } from '../define-route';
import { clock, store } from './deps';

export const handler = defineRoute({ params: orgParamsSchema }, async ({ params }) => {
  const body: InvitesResponse = { success: true, invites: await listInvites({ store, clock }, params.orgId) };
  return { body };
});
