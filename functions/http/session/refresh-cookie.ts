import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { getConfig } from '../../config';
import { cookie } from '../middleware/state';
import { userPoolDefinition } from '../../adapters/identity/user-pool-definition';

// The refresh token lives only in an httpOnly, SameSite=Strict cookie scoped to /api/auth.

export const REFRESH_COOKIE = 'qd_refresh';

function attributes(maxAgeSeconds: number): string {
  const secure = getConfig().local ? '' : '; Secure';
  return `Path=/api/auth; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure}`;
}

/**
 * The cookie holds the pool username (the sub, not secret) with the refresh token: refreshing
 * with the confidential client proves the secret over that name (SECRET_HASH).
 */
export function setRefreshCookie(token: string, username: string): string {
  const value = `${username}${SEPARATOR}${token}`;
  return `${REFRESH_COOKIE}=${encodeURIComponent(value)}; ${attributes(userPoolDefinition.client.refreshTokenValidityDays * 86400)}`;
}

const SEPARATOR = '|';

/** The refresh token and username of the cookie; undefined when absent or not of this shape. */
export function readRefreshCookie(event: APIGatewayProxyEventV2): { token: string; username: string } | undefined {
  const value = cookie(event, REFRESH_COOKIE);
  if (!value) return undefined;
  const at = value.indexOf(SEPARATOR);
  if (at <= 0 || at === value.length - 1) return undefined;
  return { username: value.slice(0, at), token: value.slice(at + 1) };
}

export function clearRefreshCookie(): string {
  return `${REFRESH_COOKIE}=; ${attributes(0)}`;
}
