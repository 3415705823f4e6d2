import { emergencyAccessRequestSchema } from '../../../shared/schemas/session';
import { emergencyAccess } from '../../domain/session/emergency-access';
import { defineRoute } from '../define-route';
import { emergencyPorts, sourceOf } from './ports';
import { setRefreshCookie } from './refresh-cookie';

export const handler = defineRoute({ body: emergencyAccessRequestSchema }, async ({ body, event }) => {
  const { tokens, user } = await emergencyAccess(emergencyPorts(), body.email, body.emergency_code, sourceOf(event));
  return {
    body: { success: true, token: tokens.idToken, expiresIn: tokens.expiresIn, user },
    cookies: tokens.refreshToken ? [setRefreshCookie(tokens.refreshToken, tokens.username)] : [],
  };
});
