import {
  LOGIN_ACCOUNT_MAX_FAILURES,
  LOGIN_ACCOUNT_MIN_SOURCES,
  LOGIN_ACCOUNT_WINDOW_MINUTES,
  LOGIN_MAX_FAILURES,
  LOGIN_MAX_LOCK_DOUBLINGS,
  LOGIN_SOURCE_MAX_ATTEMPTS,
} from '../../../shared/constants';
import type { User } from '../../../shared/schemas/session';
import { Forbidden, Locked, TooManyRequests, Unauthorized } from '../errors';
import { toUser } from '../tenancy/caller';
import { NOT_A_MEMBER, resolveMember, type TokenIdentity } from '../tenancy/resolve';
import type { TenancyStore } from '../tenancy/tenancy-store';
import { minutesUntil, type AttemptBuckets, type Bucket, type BucketRule, type KnownSources } from './attempt-guard';
import { NEW_PASSWORD_CHALLENGE, NewPasswordRequired } from './new-password';

// Sign-in rules (spec 1 §7 Session; issue 2; issue 8 item 3 — OWASP's guidance against lock-out
// denial of service). Every attempt is reserved before the user pool sees the password:
// 1. per account and source (the pair): LOGIN_MAX_FAILURES per window; the attempt that exhausts
//    the window with a wrong password answers "locked", and the pair's next window is twice as
//    long (growing delays). Guesses from one source never hold back another source.
// 2. per source, over all accounts: a budget of unsuccessful attempts (password spraying).
// 3. per account, from sources it never signed in from: once many attempts from many sources
//    failed within the account window, such sources wait; a source the account signed in from
//    before is not held back (a correct sign-in from a known source still works).
// A success gives its own reservations back and resets the pair's growing delay; the failures of
// the window keep counting (a user signing in from a shared address never frees guesses for others).

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
  buckets: AttemptBuckets;
  knownSources: KnownSources;
  now(): number;
  /** Base window of the pair rule (LOGIN_LOCK_SECONDS). */
  lockSeconds: number;
  /** Unsuccessful attempts one source may make per window over all accounts. */
  sourceMaxAttempts?: number;
}

export interface SignInResult {
  tokens: Tokens;
  user: User;
}

/** The right temporary password: the member must choose a new one (new-password.ts) before any token. */
export interface NewPasswordChallenge {
  challenge: typeof NEW_PASSWORD_CHALLENGE;
  session: string;
}

export const INVALID_CREDENTIALS = 'Invalid email or password';

export function lockedMessage(untilMs: number, nowMs: number): string {
  const minutes = minutesUntil(untilMs, nowMs);
  return `Too many failed sign-in attempts. This account is locked; try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

export function sourceLimitedMessage(untilMs: number, nowMs: number): string {
  const minutes = minutesUntil(untilMs, nowMs);
  return `Too many sign-in attempts from your network. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

export interface SignInRules {
  pair: BucketRule;
  source: BucketRule;
  account: BucketRule;
}

export function signInRules(ports: Pick<SignInPorts, 'lockSeconds' | 'sourceMaxAttempts'>): SignInRules {
  const window = ports.lockSeconds * 1000;
  return {
    pair: { max: LOGIN_MAX_FAILURES, windowMs: window, maxDoublings: LOGIN_MAX_LOCK_DOUBLINGS },
    source: { max: ports.sourceMaxAttempts ?? LOGIN_SOURCE_MAX_ATTEMPTS, windowMs: window },
    account: { max: LOGIN_ACCOUNT_MAX_FAILURES, windowMs: LOGIN_ACCOUNT_WINDOW_MINUTES * 60_000, minSources: LOGIN_ACCOUNT_MIN_SOURCES },
  };
}

/** Whether sign-in of this account from this source is held back now, and until when (read only). */
export async function lockedUntil(ports: Pick<SignInPorts, 'buckets' | 'knownSources' | 'lockSeconds' | 'sourceMaxAttempts'>, email: string, source: string, nowMs: number): Promise<number | undefined> {
  const rules = signInRules(ports);
  const pair = await ports.buckets.blockedUntil({ kind: 'loginPair', account: email, source }, rules.pair, nowMs);
  if (pair) return pair;
  if (await ports.knownSources.isKnown(email, source)) return undefined;
  return ports.buckets.blockedUntil({ kind: 'loginAccount', account: email }, rules.account, nowMs);
}

export async function signIn(ports: SignInPorts, email: string, password: string, source: string): Promise<SignInResult | NewPasswordChallenge> {
  const now = ports.now();
  const rules = signInRules(ports);
  const pair: Bucket = { kind: 'loginPair', account: email, source };
  const sourceBucket: Bucket = { kind: 'loginSource', source };
  const account: Bucket = { kind: 'loginAccount', account: email };
  const held: Bucket[] = [];
  const giveBack = async () => {
    await Promise.all(held.map((b) => ports.buckets.release(b)));
  };

  const pairSlot = await ports.buckets.reserve(pair, rules.pair, now);
  if (!pairSlot.reserved) throw new Locked(lockedMessage(pairSlot.retryAtMs, now));
  held.push(pair);
  const sourceSlot = await ports.buckets.reserve(sourceBucket, rules.source, now);
  if (!sourceSlot.reserved) {
    await giveBack();
    throw new TooManyRequests(sourceLimitedMessage(sourceSlot.retryAtMs, now));
  }
  held.push(sourceBucket);
  const known = await ports.knownSources.isKnown(email, source);
  if (!known) {
    const accountSlot = await ports.buckets.reserve(account, rules.account, now, source);
    if (!accountSlot.reserved) {
      await giveBack();
      throw new Locked(lockedMessage(accountSlot.retryAtMs, now));
    }
    held.push(account);
  }

  let tokens: Tokens | undefined;
  let challenge: NewPasswordChallenge | undefined;
  try {
    tokens = await ports.identity.signIn(email, password);
  } catch (error) {
    if (!(error instanceof NewPasswordRequired)) {
      if (!ports.isInvalidCredentials(error)) {
        // Not a guess (the pool failed): the attempt does not count.
        await giveBack();
        throw error;
      }
      // The wrong password that fills the pair's window locks this source out of the account.
      if (pairSlot.count >= rules.pair.max) {
        const until = (await ports.buckets.blockedUntil(pair, rules.pair, now)) ?? now + rules.pair.windowMs;
        throw new Locked(lockedMessage(until, now));
      }
      throw new Unauthorized(INVALID_CREDENTIALS);
    }
    // The password was right (a temporary one): the attempt succeeded like a sign-in, with no token yet.
    challenge = { challenge: NEW_PASSWORD_CHALLENGE, session: error.session };
  }
  await Promise.all([
    ports.buckets.succeeded(pair),
    ports.buckets.release(sourceBucket),
    ...(known ? [] : [ports.buckets.release(account)]),
    ports.knownSources.remember(email, source, now),
  ]);
  if (challenge) return challenge;
  const user = await loadUser(ports.store, await ports.identityOf(tokens!.idToken));
  return { tokens: tokens!, user };
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
