import { emailChangeRequestSchema } from '../../../shared/schemas/session';
import { EMAIL_CHANGE_CODE_MINUTES, requestEmailChange } from '../../domain/session/email-change';
import { defineRoute, requireCaller } from '../define-route';
import { emailChangePorts } from './ports';

// Starts a change of the caller's sign-in e-mail: a code goes to the new address; the old one
// stays the sign-in e-mail until the code is entered (issue 8 item 1).
export const handler = defineRoute({ body: emailChangeRequestSchema }, async (input) => {
  const { pendingEmail, expiresAt } = await requestEmailChange(emailChangePorts(), requireCaller(input), input.body.new_email);
  return {
    body: { success: true, pending_email: pendingEmail, expires_at: expiresAt, message: `We sent a 6-digit code to ${pendingEmail}. It expires in ${EMAIL_CHANGE_CODE_MINUTES} minutes.` },
    headers: { 'cache-control': 'no-store' },
  };
});
