import { STORAGE_KEYS } from '../../../shared/constants';
import type { User } from '../../../shared/schemas/session';
import { PERMISSIONS, ROLES } from '../../../shared/roles';

// The spec's local storage keys (spec 1 §3), read and written only here. The refresh token
// lives in an httpOnly cookie the server sets; script never sees it.

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    /* storage full or blocked: the session still works for this page */
  }
}

function remove(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    /* nothing to remove */
  }
}

export function getAuthToken(): string | null {
  return read(STORAGE_KEYS.authToken);
}

export function setAuthToken(token: string): void {
  write(STORAGE_KEYS.authToken, token);
}

/** The stored user, or null when absent or not a valid user (e.g. written by an older version). */
export function getStoredUser(): User | null {
  const raw = read(STORAGE_KEYS.authUser) ?? read(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isUser(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The shape of shared/schemas/session's userSchema, checked by hand: the stored user is read before
 * the first render, which must not wait for zod (a test holds the two to the same answers).
 */
export function isUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  const strings = ['email', 'name', 'organization_id', 'organization_name', 'first_name', 'last_name', 'title'] as const;
  return (
    strings.every((key) => typeof v[key] === 'string') &&
    (ROLES as readonly unknown[]).includes(v.role) &&
    typeof v.is_org_admin === 'boolean' &&
    typeof v.is_super_admin === 'boolean' &&
    Array.isArray(v.permissions) &&
    v.permissions.every((p) => (PERMISSIONS as readonly unknown[]).includes(p)) &&
    (v.instance_id === undefined || typeof v.instance_id === 'string') &&
    (v.access_type === undefined || v.access_type === 'password' || v.access_type === 'emergency')
  );
}

/** The user is kept under both auth_user and user, as the spec lists both keys. */
export function setStoredUser(user: User): void {
  const json = JSON.stringify(user);
  write(STORAGE_KEYS.authUser, json);
  write(STORAGE_KEYS.user, json);
}

/** Forgets token and user (not the theme, not the demo flag). */
export function clearCredentials(): void {
  remove(STORAGE_KEYS.authToken);
  remove(STORAGE_KEYS.authUser);
  remove(STORAGE_KEYS.user);
}

export function getCurrentInstanceId(): string | null {
  return read(STORAGE_KEYS.currentInstanceId);
}

export function setCurrentInstanceId(instanceId: string): void {
  write(STORAGE_KEYS.currentInstanceId, instanceId);
}

/** The dataset last worked on in an instance (issue 9: remembered per instance). */
export function getLastDatasetId(instanceId: string): string | null {
  return read(`${STORAGE_KEYS.lastDatasetPrefix}${instanceId}`);
}

export function setLastDatasetId(instanceId: string, datasetId: string): void {
  write(`${STORAGE_KEYS.lastDatasetPrefix}${instanceId}`, datasetId);
}

export function clearCurrentInstanceId(): void {
  remove(STORAGE_KEYS.currentInstanceId);
}

export function isDemoModeActive(): boolean {
  return read(STORAGE_KEYS.demoModeActive) === 'true';
}

export function setDemoModeActive(): void {
  write(STORAGE_KEYS.demoModeActive, 'true');
}

export function clearDemoMode(): void {
  remove(STORAGE_KEYS.demoModeActive);
}

export function getStoredTheme(): string | null {
  return read(STORAGE_KEYS.theme);
}

export function setStoredTheme(theme: string): void {
  write(STORAGE_KEYS.theme, theme);
}

/** Which of the spec's keys are present, for the demo debug panel (values are never shown). */
export function presentStorageKeys(): string[] {
  return Object.values(STORAGE_KEYS).filter((key) => read(key) !== null);
}

/** Seconds-since-epoch expiry of a JWT, or null when it cannot be read. Not a verification. */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='));
    const exp: unknown = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

export function isTokenExpired(token: string, nowMs: number = Date.now()): boolean {
  const exp = tokenExpiry(token);
  return exp !== null && exp * 1000 <= nowMs;
}
