import { tenancyRepository } from '../../adapters/dynamodb/tenancy-repository';
import { cognitoIdentity, InvalidCredentials } from '../../adapters/identity/cognito';
import { verifyIdToken } from '../../adapters/identity/token-verifier';
import { Unauthorized } from '../../domain/errors';
import { loadUser } from '../../domain/session/sign-in';
import { defineRoute } from '../define-route';
import { cookie } from '../middleware/state';
import { clearRefreshCookie, readRefreshCookie, REFRESH_COOKIE } from './refresh-cookie';

const EXPIRED = 'Session expired. Please sign in again.';

export const handler = defineRoute({}, async ({ event }) => {
  if (!cookie(event, REFRESH_COOKIE)) throw new Unauthorized('No session to refresh');
  const session = readRefreshCookie(event);
  if (!session) return { status: 401, body: { success: false, error: EXPIRED }, cookies: [clearRefreshCookie()] };
  try {
    const tokens = await cognitoIdentity.refresh(session.token, session.username);
    const identity = await verifyIdToken(tokens.idToken);
    const user = await loadUser(tenancyRepository, identity);
    return { body: { success: true, token: tokens.idToken, expiresIn: tokens.expiresIn, user } };
  } catch (error) {
    if (error instanceof InvalidCredentials) {
      return { status: 401, body: { success: false, error: EXPIRED }, cookies: [clearRefreshCookie()] };
    }
    throw error;
  }
});
