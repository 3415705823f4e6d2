import { cognitoIdentity } from '../../adapters/identity/cognito';
import { logger } from '../../lib/logger';
import { cookie } from '../middleware/state';
import { defineRoute } from '../define-route';
import { clearRefreshCookie, REFRESH_COOKIE } from './refresh-cookie';

// Public so that a session whose token already expired can still sign out.
export const handler = defineRoute({}, async ({ event, requestId }) => {
  const refreshToken = cookie(event, REFRESH_COOKIE);
  if (refreshToken) {
    try {
      await cognitoIdentity.revoke(refreshToken);
    } catch (error) {
      // Signing out must succeed for the user even if revocation fails; the cookie is cleared.
      logger.warn('refresh token revocation failed', { requestId, error: error instanceof Error ? error.name : 'unknown' });
    }
  }
  return { body: { success: true }, cookies: [clearRefreshCookie()] };
});
