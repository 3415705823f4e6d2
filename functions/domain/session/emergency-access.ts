import { timingSafeEqual } from 'node:crypto';
import { EMERGENCY_MAX_ATTEMPTS, EMERGENCY_WINDOW_MINUTES } from '../../../shared/constants';
import { Forbidden, Locked, NotFound, TooManyRequests, Unauthorized } from '../errors';
import { DEMO_PASSWORDS, findDemoUser } from '../demo/demo-directory';
import type { Bucket, BucketRule } from './attempt-guard';
import type { SignInPorts, SignInResult } from './sign-in';
import { loadUser, lockedMessage, lockedUntil, memberByEmail } from './sign-in';
import { NewPasswordRequired } from './new-password';

// Emergency access (spec 1 §2, §6): demo mode only, provider administrators only, with a code from
// configuration. Attempts per e-mail and source are reserved atomically before anything is checked (at most
// EMERGENCY_MAX_ATTEMPTS per window at any concurrency), and an account that sign-in holds back
// for this source is held back here too (issue 8 item 3). It signs in with the demo account's
// configured password, so it can only ever reach accounts of the demo configuration.

export interface EmergencyPorts extends Pick<SignInPorts, 'store' | 'identity' | 'identityOf' | 'now' | 'buckets' | 'knownSources' | 'lockSeconds' | 'sourceMaxAttempts'> {
  demoMode: boolean;
  code: string;
}

export const EMERGENCY_RULE: BucketRule = { max: EMERGENCY_MAX_ATTEMPTS, windowMs: EMERGENCY_WINDOW_MINUTES * 60_000 };

function sameCode(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function emergencyAccess(ports: EmergencyPorts, email: string, code: string, source: string): Promise<SignInResult> {
  if (!ports.demoMode || !ports.code) throw new NotFound('Emergency access is not available');
  const now = ports.now();
  const bucket: Bucket = { kind: 'emergency', account: email, source };
  const slot = await ports.buckets.reserve(bucket, EMERGENCY_RULE, now);
  if (!slot.reserved) {
    throw new TooManyRequests(`Too many emergency access attempts. Try again in ${EMERGENCY_WINDOW_MINUTES} minutes.`);
  }
  const locked = await lockedUntil(ports, email, source, now);
  if (locked) throw new Locked(lockedMessage(locked, now));

  const demoUser = findDemoUser(email);
  if (!sameCode(code, ports.code) || !demoUser) throw new Unauthorized('Invalid emergency code or email');
  const member = await memberByEmail(ports.store, email);
  if (member.role !== 'provider_admin') throw new Forbidden('Emergency access is only for provider administrators');
  let tokens;
  try {
    tokens = await ports.identity.signIn(email, DEMO_PASSWORDS[demoUser.passwordType]);
  } catch (error) {
    // An administrator reset this account's password: it signs in with the temporary one first.
    if (error instanceof NewPasswordRequired) throw new Forbidden('This account must choose a new password: sign in with its temporary password');
    throw error;
  }
  // The session is for the member the pool user is bound to (by sub), which must be that account.
  const user = await loadUser(ports.store, await ports.identityOf(tokens.idToken), 'emergency');
  if (user.email !== member.email || user.role !== 'provider_admin') throw new Forbidden('Emergency access is only for provider administrators');
  // A success does not give the attempt back: the limit counts every use of the code, so a burst
  // carrying the right code still reaches the pool at most EMERGENCY_RULE.max times per window.
  return { tokens, user };
}
