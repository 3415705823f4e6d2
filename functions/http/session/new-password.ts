import { newPasswordRequestSchema } from '../../../shared/schemas/session';
import { completeNewPassword } from '../../domain/session/new-password';
import { defineRoute } from '../define-route';
import { newPasswordPorts, sourceOf } from './ports';
import { setRefreshCookie } from './refresh-cookie';

// POST /api/auth/new-password: the member answers the NEW_PASSWORD_REQUIRED challenge login gave
// for a temporary password, and is signed in as by login.
export const handler = defineRoute({ body: newPasswordRequestSchema }, async ({ body, event }) => {
  const { tokens, user } = await completeNewPassword(newPasswordPorts(), body.email, body.session, body.new_password, sourceOf(event));
  return {
    body: { success: true, token: tokens.idToken, expiresIn: tokens.expiresIn, user: { ...user, access_type: 'password' } },
    headers: { 'cache-control': 'no-store' },
    cookies: tokens.refreshToken ? [setRefreshCookie(tokens.refreshToken, tokens.username)] : [],
  };
});
