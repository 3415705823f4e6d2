import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { inAcceptedDomains } from '../../../shared/invites';
import { Conflict, Forbidden, TooManyRequests, ValidationFailed } from '../errors';
import type { Caller } from '../tenancy/caller';
import type { AuditEntry } from '../team/records';
import type { MailSender, OutgoingMail } from '../team/ports';

// Changing a member's e-mail (issue 8 item 1). The app client cannot write the e-mail attribute,
// so this is the only way: the member asks for the change, a 6-digit code goes to the NEW address
// (proof that they own it), and the old address stays the sign-in e-mail until the code is
// entered. Then the user pool and the member (with every item keyed by the e-mail) change
// together: the pool first, then one table transaction; if the transaction fails the pool is put
// back, and a repeated confirmation finishes a change whose pool update already happened.

export const EMAIL_CHANGE_CODE_MINUTES = 15;
export const EMAIL_CHANGE_MAX_CODE_ATTEMPTS = 5;
/** One code per this many seconds (a member cannot flood a mailbox). */
export const EMAIL_CHANGE_RESEND_SECONDS = 60;

export const SAME_EMAIL = 'is already your e-mail address';
export const NO_PENDING_CHANGE = 'No e-mail change is pending, or its code expired. Ask for a new code.';
export const WRONG_CODE = 'is not the code we sent';
export const TOO_MANY_CODES = 'Too many wrong codes. Ask for a new code.';
export const EMAIL_TAKEN = 'This e-mail address already belongs to a Quality Desk account.';
export const SHARED_DEMO_ACCOUNT = 'The shared demo accounts keep their e-mail, so every visitor can sign in with them.';
export const RESEND_TOO_SOON = `A code was sent less than ${EMAIL_CHANGE_RESEND_SECONDS} seconds ago. Wait a moment before asking for another.`;

export interface PendingEmailChange {
  sub: string;
  organizationId: string;
  oldEmail: string;
  newEmail: string;
  codeHash: string;
  requestedAtMs: number;
  expiresAtMs: number;
  attempts: number;
  /** Set once the code was right: a repeated confirmation only finishes the change. */
  verified?: boolean;
}

export interface EmailChangeStore {
  /** Stores the pending change unless one was requested within the resend interval (then false). */
  putPending(change: PendingEmailChange, resendAfterMs: number): Promise<boolean>;
  getPending(sub: string): Promise<PendingEmailChange | undefined>;
  /** Counts one code attempt atomically; false when the maximum was reached. */
  countAttempt(sub: string, max: number): Promise<boolean>;
  markVerified(sub: string): Promise<void>;
  deletePending(sub: string): Promise<void>;
  /** Whether any member (any organization) has this e-mail. */
  emailInUse(email: string): Promise<boolean>;
  /**
   * One transaction: the member and its instance assignments re-keyed to the new e-mail, the
   * sub binding's e-mail, the pending change removed, the audit entry. Conditioned on the member
   * still having the old e-mail and the sub; Conflict when another member took the new e-mail.
   */
  rekeyMember(change: PendingEmailChange, audit: AuditEntry): Promise<void>;
}

export interface PoolEmail {
  /** Sets the pool user's e-mail (verified: the code proved it) — identified by its current e-mail. */
  setEmail(currentEmail: string, newEmail: string): Promise<void>;
  /** The pool user's e-mail now (to know whether an interrupted change already moved it). */
  emailOf(sub: string, candidates: readonly string[]): Promise<string | undefined>;
}

export interface EmailChangePorts {
  store: EmailChangeStore;
  pool: PoolEmail;
  mail: MailSender;
  now(): number;
  newId(): string;
  /** The seeded demo accounts whose credentials are public: their e-mail never changes. */
  isSharedDemoAccount(email: string): boolean;
  /** Six digits; injectable for tests. */
  newCode?(): string;
}

export function hashCode(sub: string, code: string): string {
  return createHash('sha256').update(`${sub}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

export function emailChangeMail(code: string, organizationName: string): Omit<OutgoingMail, 'to'> {
  const subject = `Your Quality Desk verification code: ${code}`;
  const text = [
    `Someone asked to use this address as the sign-in e-mail of a ${organizationName} account on Quality Desk.`,
    '',
    `Verification code: ${code}`,
    '',
    `The code expires in ${EMAIL_CHANGE_CODE_MINUTES} minutes. If you did not ask for this, ignore this e-mail: nothing changes without the code.`,
  ].join('\n');
  const html = `<p>Someone asked to use this address as the sign-in e-mail of an account on Quality Desk.</p><p>Verification code: <strong>${code}</strong></p><p>The code expires in ${EMAIL_CHANGE_CODE_MINUTES} minutes. If you did not ask for this, ignore this e-mail: nothing changes without the code.</p>`;
  return { subject, text, html };
}

/** Starts a change: validates the new address and sends it a code. The old e-mail stays active. */
export async function requestEmailChange(ports: EmailChangePorts, caller: Caller, newEmail: string): Promise<{ pendingEmail: string; expiresAt: string }> {
  if (ports.isSharedDemoAccount(caller.email)) throw new Forbidden(SHARED_DEMO_ACCOUNT);
  const email = newEmail.trim().toLowerCase();
  if (email === caller.email.toLowerCase()) throw new ValidationFailed(`new_email ${SAME_EMAIL}`, [{ field: 'new_email', message: SAME_EMAIL }]);
  const domains = caller.organization.domains ?? [];
  if (!caller.isSuperAdmin && !inAcceptedDomains(email, domains)) {
    const message = `must belong to one of the accepted domains: ${domains.join(', ')}`;
    throw new ValidationFailed(`new_email ${message}`, [{ field: 'new_email', message }]);
  }
  const now = ports.now();
  const code = ports.newCode?.() ?? String(randomInt(0, 1_000_000)).padStart(6, '0');
  const change: PendingEmailChange = {
    sub: caller.sub,
    organizationId: caller.organization.id,
    oldEmail: caller.email,
    newEmail: email,
    codeHash: hashCode(caller.sub, code),
    requestedAtMs: now,
    expiresAtMs: now + EMAIL_CHANGE_CODE_MINUTES * 60_000,
    attempts: 0,
  };
  // Whether the address is taken is only told after the code (which needs the mailbox) was entered,
  // so this call cannot be used to find out who has an account.
  if (!(await ports.store.putPending(change, now - EMAIL_CHANGE_RESEND_SECONDS * 1000))) throw new TooManyRequests(RESEND_TOO_SOON);
  await ports.mail.send({ to: email, ...emailChangeMail(code, caller.organization.name) });
  return { pendingEmail: email, expiresAt: new Date(change.expiresAtMs).toISOString() };
}

/** Completes a change with the code: pool and member together. Answers the new e-mail. */
export async function confirmEmailChange(ports: EmailChangePorts, caller: Caller, code: string): Promise<{ email: string }> {
  const pending = await ports.store.getPending(caller.sub);
  const now = ports.now();
  if (!pending || pending.expiresAtMs <= now || pending.oldEmail !== caller.email) {
    throw new ValidationFailed(NO_PENDING_CHANGE, [{ field: 'code', message: NO_PENDING_CHANGE }]);
  }
  if (!pending.verified) {
    if (!(await ports.store.countAttempt(caller.sub, EMAIL_CHANGE_MAX_CODE_ATTEMPTS))) {
      await ports.store.deletePending(caller.sub);
      throw new TooManyRequests(TOO_MANY_CODES);
    }
    if (!sameHash(pending.codeHash, hashCode(caller.sub, code))) throw new ValidationFailed(`code ${WRONG_CODE}`, [{ field: 'code', message: WRONG_CODE }]);
    await ports.store.markVerified(caller.sub);
  }
  if (await ports.store.emailInUse(pending.newEmail)) {
    await ports.store.deletePending(caller.sub);
    throw new Conflict(EMAIL_TAKEN);
  }

  const poolEmail = await ports.pool.emailOf(caller.sub, [pending.newEmail, pending.oldEmail]);
  if (poolEmail !== pending.newEmail) await ports.pool.setEmail(pending.oldEmail, pending.newEmail);
  const audit: AuditEntry = {
    id: ports.newId(),
    organizationId: pending.organizationId,
    at: new Date(now).toISOString(),
    actor: pending.oldEmail,
    action: 'member.email_changed',
    target: pending.newEmail,
    before: { email: pending.oldEmail },
    after: { email: pending.newEmail },
  };
  try {
    await ports.store.rekeyMember(pending, audit);
  } catch (error) {
    // The member did not move: put the pool back, so sign-in and membership agree again.
    await ports.pool.setEmail(pending.newEmail, pending.oldEmail).catch(() => undefined);
    throw error;
  }
  return { email: pending.newEmail };
}
