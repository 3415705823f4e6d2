import { LOGIN_MAX_FAILURES } from '../../../shared/constants';
import type { User } from '../../../shared/schemas/session';
import { Forbidden, Locked, Unauthorized } from '../errors';
import { toUser } from '../tenancy/caller';
import type { TenancyStore } from '../tenancy/tenancy-store';

// Sign-in rules: wrong passwords are counted per e-mail; the fifth in a row locks the account for
// a while (spec 1 §7 Session; issue 2). A successful sign-in clears the count.

export interface Tokens {
  idToken: string;
  expiresIn: number;
  refreshToken?: string;
}

export interface SignInPorts {
  store: TenancyStore;
  identity: { signIn(email: string, password: string): Promise<Tokens> };
  isInvalidCredentials(error: unknown): boolean;
  guard: {
    read(email: string): Promise<{ failures: number; lockedUntil?: number }>;
    addFailure(email: string, nowMs: number, ttlSeconds: number): Promise<number>;
    lock(email: string, untilMs: number): Promise<void>;
    clear(email: string): Promise<void>;
  };
  now(): number;
  lockSeconds: number;
}

export interface SignInResult {
  tokens: Tokens;
  user: User;
}

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const ORGANIZATION_SUSPENDED = 'Your organization is suspended. Contact your administrator or support to restore access.';

function lockedMessage(untilMs: number, nowMs: number): string {
  const minutes = Math.max(1, Math.ceil((untilMs - nowMs) / 60_000));
  return `Too many failed sign-in attempts. This account is locked; try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

export async function signIn(ports: SignInPorts, email: string, password: string): Promise<SignInResult> {
  const now = ports.now();
  const guard = await ports.guard.read(email);
  if (guard.lockedUntil && guard.lockedUntil > now) throw new Locked(lockedMessage(guard.lockedUntil, now));

  let tokens: Tokens;
  try {
    tokens = await ports.identity.signIn(email, password);
  } catch (error) {
    if (!ports.isInvalidCredentials(error)) throw error;
    const failures = await ports.guard.addFailure(email, now, ports.lockSeconds);
    if (failures >= LOGIN_MAX_FAILURES) {
      const until = now + ports.lockSeconds * 1000;
      await ports.guard.lock(email, until);
      throw new Locked(lockedMessage(until, now));
    }
    throw new Unauthorized(INVALID_CREDENTIALS);
  }
  if (guard.failures > 0 || guard.lockedUntil) await ports.guard.clear(email);
  const user = await loadUser(ports.store, email);
  return { tokens, user };
}

export async function loadUser(store: TenancyStore, email: string, accessType?: 'password' | 'emergency'): Promise<User> {
  const { member } = await store.findMemberByEmail(email);
  if (!member) throw new Forbidden('Your account is not a member of any organization');
  const organization = await store.getOrganization(member.organizationId);
  if (!organization) throw new Forbidden('Your organization no longer exists');
  if (organization.status === 'suspended' || organization.inactive) throw new Forbidden(ORGANIZATION_SUSPENDED);
  return toUser(member, organization, accessType);
}

