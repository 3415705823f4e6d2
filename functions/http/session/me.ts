import { toUser } from '../../domain/tenancy/caller';
import { defineRoute, requireCaller } from '../define-route';

export const handler = defineRoute({}, async (input) => {
  const caller = requireCaller(input);
  return { body: { success: true, user: toUser(caller.member, caller.organization) } };
});
