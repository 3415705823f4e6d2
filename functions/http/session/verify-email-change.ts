import { emailChangeVerifySchema } from '../../../shared/schemas/session';
import { confirmEmailChange } from '../../domain/session/email-change';
import { defineRoute, requireCaller } from '../define-route';
import { emailChangePorts } from './ports';

// Completes the change with the code: the user pool and the member change together. The token the
// caller holds names the old e-mail: the client refreshes it (POST /api/auth/refresh) right after.
export const handler = defineRoute({ body: emailChangeVerifySchema }, async (input) => {
  const { email } = await confirmEmailChange(emailChangePorts(), requireCaller(input), input.body.code);
  return { body: { success: true, email, message: `Your sign-in e-mail is now ${email}.` }, headers: { 'cache-control': 'no-store' } };
});
