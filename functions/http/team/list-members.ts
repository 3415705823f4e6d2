import { orgParamsSchema, type MembersResponse } from '../../../shared/schemas/team';
import { listMembers } from '../../domain/team/members';
import { defineRoute } from '../define-route';
import { store } from './deps';

export const handler = defineRoute({ params: orgParamsSchema }, async ({ params }) => {
  const members = await listMembers(store, params.orgId);
  const body: MembersResponse = { success: true, members, total: members.length };
  return { body };
});
