import {
  AdminInitiateAuthCommand,
  DescribeUserPoolClientCommand,
  InitiateAuthCommand,
  type AuthenticationResultType,
} from '@aws-sdk/client-cognito-identity-provider';
import { inject } from 'vitest';
import { secretHash } from '../../scripts/local/cognito-rules';
import { cognitoClient } from '../../scripts/local/provision';

// Talking to the local user pool directly, as an attacker (or an operator) could: the security
// tests use it to reproduce attacks that bypass the API.

export function pool() {
  const env = inject('stackEnv');
  return { client: cognitoClient(env.COGNITO_ENDPOINT!), userPoolId: env.USER_POOL_ID!, clientId: env.USER_POOL_CLIENT_ID! };
}

export async function clientSecret(): Promise<string | undefined> {
  const { client, userPoolId, clientId } = pool();
  const out = await client.send(new DescribeUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: clientId }));
  return out.UserPoolClient?.ClientSecret;
}

/**
 * A user's own pool tokens (access token included, which the API never hands out), obtained with
 * the server's powers: the admin flow with the client secret. Stands for "the user got hold of
 * their access token somehow" in the attack tests.
 */
export async function poolTokensAsServer(email: string, password: string): Promise<AuthenticationResultType> {
  const { client, userPoolId, clientId } = pool();
  const secret = await clientSecret();
  if (!secret) {
    const out = await client.send(new InitiateAuthCommand({ ClientId: clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } }));
    return out.AuthenticationResult!;
  }
  const out = await client.send(
    new AdminInitiateAuthCommand({
      UserPoolId: userPoolId,
      ClientId: clientId,
      AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password, SECRET_HASH: secretHash(email, clientId, secret) },
    }),
  );
  return out.AuthenticationResult!;
}

/** REFRESH_TOKEN_AUTH at the pool, with the client secret when the client has one (hash over the username, the sub). */
export async function poolRefreshAsServer(refreshToken: string, username: string): Promise<AuthenticationResultType> {
  const { client, userPoolId, clientId } = pool();
  const secret = await clientSecret();
  if (!secret) {
    const out = await client.send(new InitiateAuthCommand({ ClientId: clientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: refreshToken } }));
    return out.AuthenticationResult!;
  }
  const out = await client.send(
    new AdminInitiateAuthCommand({
      UserPoolId: userPoolId,
      ClientId: clientId,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: refreshToken, SECRET_HASH: secretHash(username, clientId, secret) },
    }),
  );
  return out.AuthenticationResult!;
}

/** The claims of a JWT (no verification: for assertions on what a token says). */
export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** Password attempts for this username that reached the local pool (counted by cognito-server.ts). */
export async function passwordAttemptsAtPool(username: string): Promise<number> {
  const env = inject('stackEnv');
  const res = await fetch(env.COGNITO_ENDPOINT!, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.QualityDeskPasswordAttempts' },
    body: JSON.stringify({ Username: username }),
  });
  if (!res.ok) throw new Error(`attempt counter answered ${res.status}`);
  return ((await res.json()) as { Attempts: number }).Attempts;
}
