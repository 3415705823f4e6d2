import { timingSafeEqual } from 'node:crypto';
import { EMERGENCY_MAX_ATTEMPTS, EMERGENCY_WINDOW_MINUTES } from '../../../shared/constants';
import { Forbidden, NotFound, TooManyRequests, Unauthorized } from '../errors';
import { DEMO_PASSWORDS, findDemoUser } from '../demo/demo-directory';
import type { SignInPorts, SignInResult } from './sign-in';
import { loadUser, memberByEmail } from './sign-in';

// Emergency access (spec 1 §2, §6): demo mode only, provider administrators only, with a code from
// configuration; attempts per e-mail are limited. It signs in with the demo account's configured
// password, so it can only ever reach accounts of the demo configuration.

export interface EmergencyPorts extends Pick<SignInPorts, 'store' | 'identity' | 'identityOf' | 'now'> {
  demoMode: boolean;
  code: string;
  attempts: {
    read(email: string): Promise<{ failures: number; windowStart?: number }>;
    addFailure(email: string, nowMs: number, ttlSeconds: number): Promise<number>;
    clear(email: string): Promise<void>;
  };
}

function sameCode(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function emergencyAccess(ports: EmergencyPorts, email: string, code: string): Promise<SignInResult> {
  if (!ports.demoMode || !ports.code) throw new NotFound('Emergency access is not available');
  const now = ports.now();
  const windowMs = EMERGENCY_WINDOW_MINUTES * 60_000;
  const attempts = await ports.attempts.read(email);
  const inWindow = attempts.windowStart !== undefined && now - attempts.windowStart < windowMs;
  if (inWindow && attempts.failures >= EMERGENCY_MAX_ATTEMPTS) {
    throw new TooManyRequests(`Too many emergency access attempts. Try again in ${EMERGENCY_WINDOW_MINUTES} minutes.`);
  }
  if (!inWindow && attempts.failures > 0) await ports.attempts.clear(email);

  const demoUser = findDemoUser(email);
  if (!sameCode(code, ports.code) || !demoUser) {
    await ports.attempts.addFailure(email, now, EMERGENCY_WINDOW_MINUTES * 60);
    throw new Unauthorized('Invalid emergency code or email');
  }
  const member = await memberByEmail(ports.store, email);
  if (member.role !== 'provider_admin') {
    await ports.attempts.addFailure(email, now, EMERGENCY_WINDOW_MINUTES * 60);
    throw new Forbidden('Emergency access is only for provider administrators');
  }
  const tokens = await ports.identity.signIn(email, DEMO_PASSWORDS[demoUser.passwordType]);
  // The session is for the member the pool user is bound to (by sub), which must be that account.
  const user = await loadUser(ports.store, await ports.identityOf(tokens.idToken), 'emergency');
  if (user.email !== member.email || user.role !== 'provider_admin') throw new Forbidden('Emergency access is only for provider administrators');
  await ports.attempts.clear(email);
  return { tokens, user };
}
