import { memberParamsSchema, roleChangeSchema } from '../../../shared/schemas/team';
import { changeMemberRole } from '../../domain/team/members';
import { defineRoute, requireCaller } from '../define-route';
import { clock, store } from './deps';

// Permissions follow from the role (shared/roles.ts); a body's `permissions` is not trusted. The
// member's next request reads the new role from the table: tokens stay valid.
export const handler = defineRoute({ params: memberParamsSchema, body: roleChangeSchema }, async (input) => {
  const member = await changeMemberRole(store, clock, requireCaller(input), input.params.orgId, input.params.email, input.body.role);
  return { body: { success: true, member, message: `Role of ${member.email} changed to ${member.role}` } };
});
