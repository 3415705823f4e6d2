import { describe, expect, it } from 'vitest';
import { buildCaller } from '../tenancy/caller';
import type { MemberRecord, OrganizationRecord } from '../tenancy/records';
import { Conflict, Forbidden, NotFound } from '../errors';
import { temporaryPassword } from './members';
import { hashInviteCode, newInviteCode } from './invites';
import { administers, assertControllable, assertRoleChange } from './rules';

const org: OrganizationRecord = { id: 'o', name: 'O', type: 'demo', slug: 'o', domain: 'o.example', domains: ['o.example'], subscription: 'professional', status: 'active', createdAt: '' };
const member = (email: string, role: MemberRecord['role'], isOrgAdmin = false): MemberRecord => ({ email, organizationId: 'o', firstName: 'F', lastName: 'L', title: '', role, isOrgAdmin, createdAt: '' });
const callerOf = (m: MemberRecord) => buildCaller('sub', m, org);

describe('team rules', () => {
  const owner = member('owner@o.example', 'account_owner', true);
  const admin = member('admin@o.example', 'admin');
  const user = member('user@o.example', 'user');

  it('counts org admins, admins and account owners as administrators', () => {
    expect([owner, admin, user].map(administers)).toEqual([true, true, false]);
  });

  it.each([
    ['an unknown member', undefined, NotFound],
    ['oneself', admin, Forbidden],
    ['an org admin', owner, Forbidden],
    ['a platform administrator', member('p@o.example', 'provider_admin'), Forbidden],
  ])('refuses to act on %s', (_what, target, error) => {
    expect(() => assertControllable(callerOf(admin), target)).toThrow(error);
  });

  it('lets only account owners grant or remove the account owner role', () => {
    expect(() => assertRoleChange(callerOf(admin), user, 'account_owner', [owner, admin, user])).toThrow(Forbidden);
    expect(() => assertRoleChange(callerOf(owner), user, 'account_owner', [owner, admin, user])).not.toThrow();
    expect(() => assertRoleChange(callerOf(admin), member('x@o.example', 'account_owner'), 'user', [owner, admin])).toThrow(Forbidden);
  });

  it('never demotes the last administrator', () => {
    const superCaller = buildCaller('s', member('s@p.example', 'super_admin'), { ...org, id: 'p' });
    expect(() => assertRoleChange(superCaller, admin, 'user', [admin, user])).toThrow(Conflict);
    expect(() => assertRoleChange(superCaller, admin, 'user', [admin, user, member('b@o.example', 'admin')])).not.toThrow();
  });
});

describe('secrets', () => {
  it('makes invite codes of 256 bits, found by their SHA-256', () => {
    const codes = new Set(Array.from({ length: 200 }, newInviteCode));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const code = [...codes][0]!;
    expect(hashInviteCode(code)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashInviteCode(code)).not.toContain(code);
  });

  it('makes temporary passwords with every character class', () => {
    for (let i = 0; i < 50; i++) {
      const p = temporaryPassword();
      expect(p).toHaveLength(16);
      expect(p).toMatch(/[A-Z]/);
      expect(p).toMatch(/[a-z]/);
      expect(p).toMatch(/[0-9]/);
      expect(p).toMatch(/[^A-Za-z0-9]/);
    }
  });
});
