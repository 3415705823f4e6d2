import { createHash } from 'node:crypto';
import type { SignupRequest } from '../../../shared/schemas/marketing';
import { TooManyRequests } from '../errors';
import type { SignupRecord, SignupStore } from './ports';

/** Signups one client address may attempt per window (spec leaves the figure open). */
export const SIGNUP_RATE_LIMIT = { attempts: 10, windowSeconds: 3600 } as const;
export const RATE_LIMIT_MESSAGE = 'Too many signup attempts. Please try again later.';

/** A one-way hash of the client's address: the limit needs identity, not the address itself. */
export function clientHash(sourceIp: string): string {
  return createHash('sha256').update(`quality-desk-signup:${sourceIp}`).digest('hex').slice(0, 32);
}

export function rateWindow(now: Date, windowSeconds: number = SIGNUP_RATE_LIMIT.windowSeconds): { start: string; expiresAtSeconds: number } {
  const startMs = Math.floor(now.getTime() / (windowSeconds * 1000)) * windowSeconds * 1000;
  return { start: new Date(startMs).toISOString(), expiresAtSeconds: Math.floor(startMs / 1000) + 2 * windowSeconds };
}

function record(input: SignupRequest, id: string, createdAt: string): SignupRecord {
  if (input.source === 'pricing_page') {
    return { id, email: input.email, source: input.source, planId: input.planId, name: input.name, company: input.organizationName, createdAt };
  }
  return {
    id,
    email: input.email,
    source: input.source,
    name: input.name,
    company: input.company,
    role: input.role,
    message: input.message,
    utm_source: input.utm_source,
    utm_medium: input.utm_medium,
    utm_campaign: input.utm_campaign,
    createdAt,
  };
}

/** POST /api/marketing/signup: rate-limited per client, stored once per e-mail. */
export async function signUp(
  store: SignupStore,
  clock: { now(): Date; newId(): string },
  input: SignupRequest,
  sourceIp: string,
  /** Confirms a new signup (an e-mail); never for one already known, so a resubmit sends nothing. */
  confirm?: (signup: SignupRecord) => Promise<void>,
): Promise<{ id: string; isExisting: boolean }> {
  const now = clock.now();
  const window = rateWindow(now);
  const attempts = await store.countAttempt(clientHash(sourceIp), window.start, window.expiresAtSeconds);
  if (attempts > SIGNUP_RATE_LIMIT.attempts) throw new TooManyRequests(RATE_LIMIT_MESSAGE);
  const signup = record(input, clock.newId(), now.toISOString());
  const result = await store.createSignup(signup);
  if (result.created && confirm) await confirm(signup);
  return result.created ? { id: signup.id, isExisting: false } : { id: result.existing.id, isExisting: true };
}

/** The confirmation e-mail of a signup. */
export function confirmationMail(signup: SignupRecord, appName: string): { to: string; subject: string; text: string; html: string } {
  const what = signup.planId ? `the ${signup.planId === 'teams' ? 'Teams' : signup.planId === 'enterprise' ? 'Enterprise' : 'Free'} early access list` : 'the waitlist';
  const greeting = signup.name ? `Hello ${signup.name},` : 'Hello,';
  const text = `${greeting}\n\nThank you for joining ${what} of ${appName}. We open accounts in the order people join and will write to you at this address when yours is ready.\n\nIf you did not sign up, ignore this message; we will not write again.`;
  const escape = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return { to: signup.email, subject: `You joined ${what} of ${appName}`, text, html: text.split('\n\n').map((p) => `<p>${escape(p)}</p>`).join('') };
}
