import { describe, expect, it } from 'vitest';
import type { Caller } from '../tenancy/caller';
import type { AuditEntry } from '../team/records';
import { Conflict, Forbidden, TooManyRequests, ValidationFailed } from '../errors';
import { confirmEmailChange, requestEmailChange, type EmailChangePorts, type PendingEmailChange } from './email-change';

function caller(email = 'ann@acme.example'): Caller {
  return {
    email,
    sub: 'sub-ann',
    role: 'user',
    permissions: [],
    member: { email, organizationId: 'org_a', firstName: 'Ann', lastName: 'A', title: '', role: 'user', isOrgAdmin: false, createdAt: '' },
    organization: { id: 'org_a', name: 'Acme', domains: ['acme.example'] } as unknown as Caller['organization'],
    assignments: [],
    isOrgAdmin: false,
    isSuperAdmin: false,
  } as Caller;
}

function ports(options: { rekeyFails?: boolean; taken?: string[] } = {}) {
  let now = 1_000_000;
  const pending = new Map<string, PendingEmailChange>();
  const poolEmails = new Map<string, string>([['sub-ann', 'ann@acme.example']]);
  const sent: Array<{ to: string; text: string }> = [];
  const rekeyed: AuditEntry[] = [];
  const p: EmailChangePorts & { advance(ms: number): void; poolEmails: Map<string, string>; sent: typeof sent; rekeyed: AuditEntry[] } = {
    store: {
      async putPending(change, resendAfterMs) {
        const existing = pending.get(change.sub);
        if (existing && existing.requestedAtMs >= resendAfterMs) return false;
        pending.set(change.sub, { ...change });
        return true;
      },
      getPending: async (sub) => (pending.has(sub) ? { ...pending.get(sub)! } : undefined),
      async countAttempt(sub, max) {
        const c = pending.get(sub);
        if (!c || c.attempts >= max) return false;
        c.attempts++;
        return true;
      },
      async markVerified(sub) {
        pending.get(sub)!.verified = true;
      },
      async deletePending(sub) {
        pending.delete(sub);
      },
      emailInUse: async (email) => (options.taken ?? []).includes(email),
      async rekeyMember(change, audit) {
        if (options.rekeyFails) throw new Conflict('membership changed');
        pending.delete(change.sub);
        rekeyed.push(audit);
      },
    },
    pool: {
      async setEmail(current, next) {
        for (const [sub, email] of poolEmails) if (email === current) poolEmails.set(sub, next);
      },
      emailOf: async (sub) => poolEmails.get(sub),
    },
    mail: { send: async (m) => void sent.push({ to: m.to, text: m.text }) },
    now: () => now,
    newId: () => 'audit-1',
    newCode: () => '123456',
    isSharedDemoAccount: (email) => email === 'demo@acme.example',
    advance: (ms) => (now += ms),
    poolEmails,
    sent,
    rekeyed,
  };
  return p;
}

describe('e-mail change', () => {
  it('never changes a shared demo account', async () => {
    await expect(requestEmailChange(ports(), caller('demo@acme.example'), 'mine@acme.example')).rejects.toBeInstanceOf(Forbidden);
  });

  it('sends the code to the new address and changes nothing before it is entered', async () => {
    const p = ports();
    await requestEmailChange(p, caller(), 'Ann.New@Acme.example');
    expect(p.sent).toEqual([expect.objectContaining({ to: 'ann.new@acme.example', text: expect.stringContaining('123456') })]);
    expect(p.poolEmails.get('sub-ann')).toBe('ann@acme.example');
  });

  it('moves the pool user and the member with the right code, with an audit entry', async () => {
    const p = ports();
    await requestEmailChange(p, caller(), 'ann.new@acme.example');
    await expect(confirmEmailChange(p, caller(), '123456')).resolves.toEqual({ email: 'ann.new@acme.example' });
    expect(p.poolEmails.get('sub-ann')).toBe('ann.new@acme.example');
    expect(p.rekeyed[0]).toMatchObject({ action: 'member.email_changed', before: { email: 'ann@acme.example' }, after: { email: 'ann.new@acme.example' } });
  });

  it('puts the pool back when the member could not move', async () => {
    const p = ports({ rekeyFails: true });
    await requestEmailChange(p, caller(), 'ann.new@acme.example');
    await expect(confirmEmailChange(p, caller(), '123456')).rejects.toBeInstanceOf(Conflict);
    expect(p.poolEmails.get('sub-ann')).toBe('ann@acme.example');
  });

  it('finishes a change whose pool update already happened (a retried confirmation)', async () => {
    const p = ports();
    await requestEmailChange(p, caller(), 'ann.new@acme.example');
    await p.store.markVerified('sub-ann');
    p.poolEmails.set('sub-ann', 'ann.new@acme.example');
    await expect(confirmEmailChange(p, caller(), '999999')).resolves.toEqual({ email: 'ann.new@acme.example' });
    expect(p.rekeyed).toHaveLength(1);
  });

  it('refuses a wrong code (naming the field), then drops the change after 5 wrong codes', async () => {
    const p = ports();
    await requestEmailChange(p, caller(), 'ann.new@acme.example');
    for (let i = 0; i < 5; i++) await expect(confirmEmailChange(p, caller(), '000000')).rejects.toBeInstanceOf(ValidationFailed);
    await expect(confirmEmailChange(p, caller(), '123456')).rejects.toBeInstanceOf(TooManyRequests);
    await expect(confirmEmailChange(p, caller(), '123456')).rejects.toBeInstanceOf(ValidationFailed);
  });

  it('refuses an expired code, a resend within a minute, and a taken address', async () => {
    const p = ports({ taken: ['bob@acme.example'] });
    await requestEmailChange(p, caller(), 'ann.new@acme.example');
    await expect(requestEmailChange(p, caller(), 'ann.new@acme.example')).rejects.toBeInstanceOf(TooManyRequests);
    p.advance(16 * 60_000);
    await expect(confirmEmailChange(p, caller(), '123456')).rejects.toBeInstanceOf(ValidationFailed);
    await requestEmailChange(p, caller(), 'bob@acme.example');
    await expect(confirmEmailChange(p, caller(), '123456')).rejects.toBeInstanceOf(Conflict);
    expect(p.poolEmails.get('sub-ann')).toBe('ann@acme.example');
  });
});
