import { InitiateAuthCommand, RevokeTokenCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { secretHash } from '../../scripts/local/cognito-rules';
import { call, passwordOf, users } from '../support/api';
import { pool } from '../support/pool';

// Issue 8 item 2: password guessing cannot bypass the API. Before, USER_PASSWORD_AUTH on the
// public client signed users in at the pool directly, uncounted by the API's lock. Now the only
// app client is confidential and allows password sign-in only through the admin flow, which needs
// IAM credentials (in AWS) and the client secret that only the sign-in functions can read.

describe('sign-in only through the API (issue 8 item 2)', () => {
  it('the pool refuses USER_PASSWORD_AUTH with the right password, with or without a guessed secret hash', async () => {
    const { client, clientId } = pool();
    const email = users.analyst;
    for (const params of <Array<Record<string, string>>>[
      { USERNAME: email, PASSWORD: passwordOf(email) },
      { USERNAME: email, PASSWORD: passwordOf(email), SECRET_HASH: secretHash(email, clientId, 'guessed') },
    ]) {
      const attempt = client.send(new InitiateAuthCommand({ ClientId: clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: params }));
      await expect(attempt).rejects.toMatchObject({ name: 'InvalidParameterException' });
    }
  });

  it('the admin flow without the client secret is refused', async () => {
    const { client, clientId, userPoolId } = pool();
    const { AdminInitiateAuthCommand } = await import('@aws-sdk/client-cognito-identity-provider');
    const email = users.analyst;
    for (const hash of [undefined, secretHash(email, clientId, 'guessed')]) {
      const attempt = client.send(
        new AdminInitiateAuthCommand({
          UserPoolId: userPoolId,
          ClientId: clientId,
          AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD: passwordOf(email), ...(hash ? { SECRET_HASH: hash } : {}) },
        }),
      );
      await expect(attempt).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    }
  });

  it('the app client is confidential and has no user password flow', async () => {
    const { DescribeUserPoolClientCommand } = await import('@aws-sdk/client-cognito-identity-provider');
    const { client, clientId, userPoolId } = pool();
    const described = await client.send(new DescribeUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: clientId }));
    expect(described.UserPoolClient?.ClientSecret).toBeTruthy();
    expect(described.UserPoolClient?.ExplicitAuthFlows).not.toContain('ALLOW_USER_PASSWORD_AUTH');
    expect(described.UserPoolClient?.ExplicitAuthFlows).toContain('ALLOW_ADMIN_USER_PASSWORD_AUTH');
  });

  it('sign-in through the API works, and a refresh token cannot be revoked without the secret', async () => {
    const login = await call('POST', '/api/auth/login', { body: { email: users.engineer, password: passwordOf(users.engineer) } });
    expect(login.status).toBe(200);
    const { client, clientId } = pool();
    await expect(client.send(new RevokeTokenCommand({ ClientId: clientId, Token: 'whatever' }))).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });
});
