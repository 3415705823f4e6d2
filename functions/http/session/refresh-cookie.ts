import { getConfig } from '../../config';
import { userPoolDefinition } from '../../adapters/identity/user-pool-definition';

// The refresh token lives only in an httpOnly, SameSite=Strict cookie scoped to /api/auth.

export const REFRESH_COOKIE = 'qd_refresh';

function attributes(maxAgeSeconds: number): string {
  const secure = getConfig().local ? '' : '; Secure';
  return `Path=/api/auth; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure}`;
}

export function setRefreshCookie(token: string): string {
  return `${REFRESH_COOKIE}=${encodeURIComponent(token)}; ${attributes(userPoolDefinition.client.refreshTokenValidityDays * 86400)}`;
}

export function clearRefreshCookie(): string {
  return `${REFRESH_COOKIE}=; ${attributes(0)}`;
}
