import { tenancyRepository } from '../../adapters/dynamodb/tenancy-repository';
import { cognitoIdentity, InvalidCredentials } from '../../adapters/identity/cognito';
import { verifyIdToken } from '../../adapters/identity/token-verifier';
import { Unauthorized } from '../../domain/errors';
import { loadUser } from '../../domain/session/sign-in';
import { cookie } from '../middleware/state';
import { defineRoute } from '../define-route';
import { clearRefreshCookie, REFRESH_COOKIE } from './refresh-cookie';

export const handler = defineRoute({}, async ({ event }) => {
  const refreshToken = cookie(event, REFRESH_COOKIE);
  if (!refreshToken) throw new Unauthorized('No session to refresh');
  try {
    const tokens = await cognitoIdentity.refresh(refreshToken);
    const identity = await verifyIdToken(tokens.idToken);
    const user = await loadUser(tenancyRepository, identity);
    return { body: { success: true, token: tokens.idToken, expiresIn: tokens.expiresIn, user } };
  } catch (error) {
    if (error instanceof InvalidCredentials) {
      return { status: 401, body: { success: false, error: 'Session expired. Please sign in again.' }, cookies: [clearRefreshCookie()] };
    }
    throw error;
  }
});
