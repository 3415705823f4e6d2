import { LOGIN_MAX_FAILURES } from '../../../shared/constants';
import type { User } from '../../../shared/schemas/session';
import { Forbidden, Locked, Unauthorized } from '../errors';
import { toUser } from '../tenancy/caller';
import type { TenancyStore } from '../tenancy/tenancy-store';
import { NOT_A_MEMBER, resolveMember, type TokenIdentity } from '../tenancy/resolve';

// Sign-in rules: wrong passwords are counted per e-mail; the fifth in a row locks the account for
// a while (spec 1 §7 Session; issue 2). A successful sign-in clears the count.

export interface Tokens {
  idToken: string;
  expiresIn: number;
  refreshToken?: string;
  /** The pool's username of the user (its sub), kept with the refresh token to refresh with. */
  username: string;
}

export interface SignInPorts {
  store: TenancyStore;
  identity: { signIn(email: string, password: string): Promise<Tokens> };
  /** Verifies an id token the pool just issued and answers who it is for. */
  identityOf(idToken: string): Promise<TokenIdentity>;
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
  const user = await loadUser(ports.store, await ports.identityOf(tokens.idToken));
  return { tokens, user };
}

/** The user a verified token is for: the member bound to its sub (resolveMember's rules). */
export async function loadUser(store: TenancyStore, identity: TokenIdentity, accessType?: 'password' | 'emergency'): Promise<User> {
  const { member, organization } = await resolveMember(store, identity);
  return toUser(member, organization, accessType);
}

/** A member found by e-mail, before any sign-in (e.g. whether emergency access applies to it). */
export async function memberByEmail(store: TenancyStore, email: string): Promise<User> {
  const { member } = await store.findMemberByEmail(email);
  if (!member) throw new Forbidden(NOT_A_MEMBER);
  const organization = await store.getOrganization(member.organizationId);
  if (!organization) throw new Forbidden('Your organization no longer exists');
  return toUser(member, organization);
}

