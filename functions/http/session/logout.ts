import { cognitoIdentity } from '../../adapters/identity/cognito';
import { logger } from '../../lib/logger';
import { defineRoute } from '../define-route';
import { clearRefreshCookie, readRefreshCookie } from './refresh-cookie';

// Public so that a session whose token already expired can still sign out. The refresh token is
// revoked at the pool (cognito-local implements RevokeToken too), so the cookie is refused after.
export const handler = defineRoute({}, async ({ event, requestId }) => {
  const session = readRefreshCookie(event);
  if (session) {
    try {
      await cognitoIdentity.revoke(session.token);
    } catch (error) {
      // Signing out must succeed for the user even if revocation fails; the cookie is cleared.
      logger.warn('refresh token revocation failed', { requestId, error: error instanceof Error ? error.name : 'unknown' });
    }
  }
  return { body: { success: true }, cookies: [clearRefreshCookie()] };
});
