import { loginRequestSchema } from '../../../shared/schemas/session';
import { signIn } from '../../domain/session/sign-in';
import { defineRoute } from '../define-route';
import { signInPorts, sourceOf } from './ports';
import { setRefreshCookie } from './refresh-cookie';

export const handler = defineRoute({ body: loginRequestSchema }, async ({ body, event }) => {
  const outcome = await signIn(signInPorts(), body.email, body.password, sourceOf(event));
  if ('challenge' in outcome) {
    // A temporary password (an administrator's reset): no token until a new password is chosen.
    return { body: { success: false, challenge: outcome.challenge, session: outcome.session }, headers: { 'cache-control': 'no-store' } };
  }
  const { tokens, user } = outcome;
  return {
    body: { success: true, token: tokens.idToken, expiresIn: tokens.expiresIn, user: { ...user, access_type: 'password' } },
    cookies: tokens.refreshToken ? [setRefreshCookie(tokens.refreshToken, tokens.username)] : [],
  };
});
