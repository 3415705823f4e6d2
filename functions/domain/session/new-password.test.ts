import { describe, expect, it } from 'vitest';
import { newPasswordRequestSchema, passwordPolicyProblem } from '../../../shared/schemas/session';
import { MemoryKnownSources } from '../../test-support/memory-attempt-buckets';
import { MemoryTenancyStore } from '../../test-support/memory-tenancy-store';
import { Unauthorized, ValidationFailed } from '../errors';
import { ChallengeSessionRefused, completeNewPassword, PasswordPolicyRefused, SESSION_EXPIRED, type NewPasswordPorts } from './new-password';

// The new-password step after an administrator's reset (issue 11).

function ports(answer: (email: string, session: string, password: string) => Promise<void>): NewPasswordPorts & { known: MemoryKnownSources } {
  const known = new MemoryKnownSources();
  return {
    store: MemoryTenancyStore.withDemoTenants(),
    identity: {
      async completeNewPassword(email, session, password) {
        await answer(email, session, password);
        return { idToken: `id-${email}`, expiresIn: 3600, refreshToken: 'r', username: `sub-${email}` };
      },
    },
    identityOf: async (idToken) => MemoryTenancyStore.identityOf(idToken.slice('id-'.length)),
    knownSources: known,
    known,
    now: () => 1_000,
  };
}

describe('completeNewPassword', () => {
  it('signs the member in with the new password and remembers the source', async () => {
    const p = ports(async () => undefined);
    const result = await completeNewPassword(p, 'user@a', 'session-0123456789abcdef', 'New#Pass2026', '198.51.100.7');
    expect(result.tokens.idToken).toBe('id-user@a');
    expect(result.user).toMatchObject({ email: 'user@a', organization_id: 'org_a' });
    expect(await p.known.isKnown('user@a', '198.51.100.7')).toBe(true);
  });

  it('answers 401 for a refused session and 400 naming new_password for a refused password', async () => {
    await expect(
      completeNewPassword(ports(async () => { throw new ChallengeSessionRefused('NotAuthorizedException'); }), 'user@a', 's'.repeat(30), 'New#Pass2026', 'x'),
    ).rejects.toEqual(new Unauthorized(SESSION_EXPIRED));
    const refused = completeNewPassword(ports(async () => { throw new PasswordPolicyRefused('Password does not conform to policy'); }), 'user@a', 's'.repeat(30), 'New#Pass2026', 'x');
    await expect(refused).rejects.toBeInstanceOf(ValidationFailed);
    await expect(refused).rejects.toMatchObject({ details: [{ field: 'new_password' }] });
  });

  it('holds the pool policy in the request schema', () => {
    expect(passwordPolicyProblem('Short#1')).toMatch(/at least 8/);
    expect(passwordPolicyProblem('nouppercase#1')).toMatch(/uppercase/);
    expect(passwordPolicyProblem('NOLOWERCASE#1')).toMatch(/lowercase/);
    expect(passwordPolicyProblem('NoDigits#here')).toMatch(/digit/);
    expect(passwordPolicyProblem('NoSymbol2026x')).toMatch(/symbol/);
    expect(passwordPolicyProblem('Good#Pass2026')).toBeNull();
    const bad = newPasswordRequestSchema.safeParse({ email: 'a@b.example', session: 'x'.repeat(5000), new_password: 'weak' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path[0]).sort()).toEqual(['new_password', 'session']);
  });
});
