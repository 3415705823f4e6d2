import { memberParamsSchema } from '../../../shared/schemas/team';
import { resetMemberPassword } from '../../domain/team/members';
import { defineRoute, requireCaller } from '../define-route';
import { clock, identity, store } from './deps';

// The temporary password is answered once and never stored or logged.
export const handler = defineRoute({ params: memberParamsSchema }, async (input) => {
  const temporary_password = await resetMemberPassword(store, identity, clock, requireCaller(input), input.params.orgId, input.params.email);
  return { body: { success: true, temporary_password, message: `Password of ${input.params.email} reset; they must choose a new one at their next sign-in` }, headers: { 'cache-control': 'no-store' } };
});
