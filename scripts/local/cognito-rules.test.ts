import { describe, expect, it } from 'vitest';
import { checkAttributeWrite, checkAuthFlow, checkRevokeSecret, checkSecretHash, PoolRefusal, secretHash } from './cognito-rules';

// The app-client rules the local user pool enforces in front of cognito-local (issue 8).

const publicClient = { ClientId: 'pub', ExplicitAuthFlows: ['ALLOW_REFRESH_TOKEN_AUTH'], WriteAttributes: ['locale'] };
const confidential = { ClientId: 'api', ClientSecret: 's3cret', ExplicitAuthFlows: ['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'] };

describe('local user pool rules', () => {
  it('computes SECRET_HASH as Cognito does (HMAC-SHA256 of username + client id, base64)', () => {
    // Reference value computed independently: printf 'user@x.exampleapi' | openssl dgst -sha256 -hmac s3cret -binary | base64
    expect(secretHash('user@x.example', 'api', 's3cret')).toBe('Bil2Nrx/4lm1u0yLOKEK5EfasVeLowqHxQNeqMsEtUI=');
  });

  it('refuses password flows a client does not allow, and admin flows on the non-admin call', () => {
    expect(() => checkAuthFlow(publicClient, 'USER_PASSWORD_AUTH', false)).toThrow(/not enabled/);
    expect(() => checkAuthFlow(confidential, 'USER_PASSWORD_AUTH', false)).toThrow(PoolRefusal);
    expect(() => checkAuthFlow(confidential, 'ADMIN_USER_PASSWORD_AUTH', false)).toThrow(PoolRefusal);
    expect(() => checkAuthFlow(confidential, 'ADMIN_USER_PASSWORD_AUTH', true)).not.toThrow();
    expect(() => checkAuthFlow(confidential, 'REFRESH_TOKEN_AUTH', true)).not.toThrow();
  });

  it('requires the secret hash of a confidential client, over any name of the user', () => {
    expect(() => checkSecretHash(confidential, undefined, ['u@x'])).toThrow(/secret hash/);
    expect(() => checkSecretHash(confidential, secretHash('u@x', 'api', 'wrong'), ['u@x'])).toThrow(/secret hash/);
    expect(() => checkSecretHash(confidential, secretHash('sub-1', 'api', 's3cret'), ['u@x', 'sub-1'])).not.toThrow();
    expect(() => checkSecretHash(publicClient, undefined, ['u@x'])).not.toThrow();
  });

  it('refuses writes of attributes the client may not write', () => {
    expect(() => checkAttributeWrite(publicClient, ['email'])).toThrow(/unauthorized attribute/);
    expect(() => checkAttributeWrite(publicClient, ['custom:organization_id'])).toThrow(/unauthorized attribute/);
    expect(() => checkAttributeWrite(publicClient, ['locale'])).not.toThrow();
  });

  it('requires the client secret to revoke a confidential client token', () => {
    expect(() => checkRevokeSecret(confidential, undefined)).toThrow(PoolRefusal);
    expect(() => checkRevokeSecret(confidential, 's3cret')).not.toThrow();
  });
});

describe('local new-password challenges', () => {
  it('binds a session to user, client and challenge, expires it after 3 minutes, and closes it once answered', async () => {
    const { ChallengeSessions, CHALLENGE_SESSION_MS } = await import('./cognito-rules');
    let now = 0;
    const sessions = new ChallengeSessions(() => now);
    sessions.issue('s1', 'sub-1', 'api', 'NEW_PASSWORD_REQUIRED');
    expect(() => sessions.check('s1', 'sub-1', 'api', 'NEW_PASSWORD_REQUIRED')).not.toThrow();
    expect(() => sessions.check('s1', 'sub-2', 'api', 'NEW_PASSWORD_REQUIRED')).toThrow(/Invalid session/);
    expect(() => sessions.check('s1', 'sub-1', 'other', 'NEW_PASSWORD_REQUIRED')).toThrow(/Invalid session/);
    expect(() => sessions.check('nope', 'sub-1', 'api', 'NEW_PASSWORD_REQUIRED')).toThrow(/Invalid session/);
    now = CHALLENGE_SESSION_MS;
    expect(() => sessions.check('s1', 'sub-1', 'api', 'NEW_PASSWORD_REQUIRED')).toThrow(/expired/);
    sessions.issue('s2', 'sub-1', 'api', 'NEW_PASSWORD_REQUIRED');
    sessions.consume('s2');
    expect(() => sessions.check('s2', 'sub-1', 'api', 'NEW_PASSWORD_REQUIRED')).toThrow(/Invalid session/);
  });

  it("checks the pool's password policy", async () => {
    const { checkPasswordPolicy } = await import('./cognito-rules');
    const policy = { minLength: 8, requireLowercase: true, requireUppercase: true, requireDigits: true, requireSymbols: true };
    expect(() => checkPasswordPolicy(policy, 'Sh#1a')).toThrow(/not long enough/);
    expect(() => checkPasswordPolicy(policy, 'nosymbolHere1')).toThrow(/symbol/);
    expect(() => checkPasswordPolicy(policy, 'Good#Pass2026')).not.toThrow();
  });
});
