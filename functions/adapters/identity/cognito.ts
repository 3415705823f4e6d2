import {
  AdminInitiateAuthCommand,
  AdminRespondToAuthChallengeCommand,
  CognitoIdentityProviderClient,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { getConfig } from '../../config';
import { ChallengeSessionRefused, NEW_PASSWORD_CHALLENGE, NewPasswordRequired, PasswordPolicyRefused } from '../../domain/session/new-password';
import { secretHash } from './secret-hash';

// The identity port's Cognito adapter (cognito-local when COGNITO_ENDPOINT is set). Users sign in
// only through the API: the app client is confidential, and only the sign-in functions hold its
// secret (read with DescribeUserPoolClient, which only they may call) and call AdminInitiateAuth.

export interface Tokens {
  idToken: string;
  expiresIn: number;
  /** Absent on refresh: Cognito keeps the refresh token it issued at sign-in. */
  refreshToken?: string;
  /** The pool's username of the user (its sub): the name SECRET_HASH is computed over on refresh. */
  username: string;
}

export class InvalidCredentials extends Error {}

export interface IdentityProvider {
  /** Throws NewPasswordRequired for a right temporary password (an administrator's reset). */
  signIn(email: string, password: string): Promise<Tokens>;
  /** Answers the NEW_PASSWORD_REQUIRED challenge of signIn with the member's new password. */
  completeNewPassword(email: string, session: string, newPassword: string): Promise<Tokens>;
  refresh(refreshToken: string, username: string): Promise<Tokens>;
  revoke(refreshToken: string): Promise<void>;
  ping(): Promise<void>;
}

let client: CognitoIdentityProviderClient | undefined;
export function cognito(): CognitoIdentityProviderClient {
  if (client) return client;
  const config = getConfig();
  client = new CognitoIdentityProviderClient({
    region: config.region,
    ...(config.cognitoEndpoint
      ? { endpoint: config.cognitoEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
  });
  return client;
}

let secret: Promise<string> | undefined;
/** The app client's secret, read once per container. */
function clientSecret(): Promise<string> {
  secret ??= cognito()
    .send(new DescribeUserPoolClientCommand({ UserPoolId: getConfig().userPoolId, ClientId: getConfig().userPoolClientId }))
    .then((out) => {
      const value = out.UserPoolClient?.ClientSecret;
      if (!value) throw new Error('the app client has no secret: sign-in needs the confidential client');
      return value;
    })
    .catch((error: unknown) => {
      secret = undefined;
      throw error;
    });
  return secret;
}

// Cognito answers NotAuthorizedException for a wrong password; cognito-local InvalidPasswordException.
const REJECTED = new Set([
  'NotAuthorizedException',
  'UserNotFoundException',
  'UserNotConfirmedException',
  'PasswordResetRequiredException',
  'InvalidPasswordException',
]);

function usernameOf(idToken: string): string {
  try {
    const payload = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    const name = payload['cognito:username'] ?? payload.sub;
    if (typeof name === 'string' && name) return name;
  } catch {
    /* fall through */
  }
  throw new InvalidCredentials('the pool issued an id token without a username');
}

async function initiate(flow: 'ADMIN_USER_PASSWORD_AUTH' | 'REFRESH_TOKEN_AUTH', params: Record<string, string>, hashName: string): Promise<Tokens> {
  const { userPoolId, userPoolClientId } = getConfig();
  try {
    const key = await clientSecret();
    const out = await cognito().send(
      new AdminInitiateAuthCommand({
        UserPoolId: userPoolId,
        ClientId: userPoolClientId,
        AuthFlow: flow,
        AuthParameters: { ...params, SECRET_HASH: secretHash(hashName, userPoolClientId, key) },
      }),
    );
    if (out.ChallengeName === NEW_PASSWORD_CHALLENGE && out.Session) throw new NewPasswordRequired(out.Session);
    return tokensOf(out.AuthenticationResult);
  } catch (error) {
    if (error instanceof Error && REJECTED.has(error.name)) throw new InvalidCredentials(error.name);
    throw error;
  }
}

function tokensOf(result: { IdToken?: string; ExpiresIn?: number; RefreshToken?: string } | undefined): Tokens {
  if (!result?.IdToken) throw new InvalidCredentials('no tokens issued');
  return { idToken: result.IdToken, expiresIn: result.ExpiresIn ?? 3600, refreshToken: result.RefreshToken, username: usernameOf(result.IdToken) };
}

// A refused challenge answer: the session (unknown, used, expired) or the new password (policy).
const SESSION_REFUSED = new Set(['NotAuthorizedException', 'CodeMismatchException', 'ExpiredCodeException', 'UserNotFoundException']);

async function respondNewPassword(email: string, session: string, newPassword: string): Promise<Tokens> {
  const { userPoolId, userPoolClientId } = getConfig();
  try {
    const key = await clientSecret();
    const out = await cognito().send(
      new AdminRespondToAuthChallengeCommand({
        UserPoolId: userPoolId,
        ClientId: userPoolClientId,
        ChallengeName: NEW_PASSWORD_CHALLENGE,
        Session: session,
        ChallengeResponses: { USERNAME: email, NEW_PASSWORD: newPassword, SECRET_HASH: secretHash(email, userPoolClientId, key) },
      }),
    );
    return tokensOf(out.AuthenticationResult);
  } catch (error) {
    if (error instanceof Error && error.name === 'InvalidPasswordException') throw new PasswordPolicyRefused(error.message);
    if (error instanceof Error && SESSION_REFUSED.has(error.name)) throw new ChallengeSessionRefused(error.name);
    if (error instanceof InvalidCredentials) throw new ChallengeSessionRefused(error.message);
    throw error;
  }
}

export const cognitoIdentity: IdentityProvider = {
  signIn: (email, password) => initiate('ADMIN_USER_PASSWORD_AUTH', { USERNAME: email, PASSWORD: password }, email),
  completeNewPassword: respondNewPassword,
  refresh: (refreshToken, username) => initiate('REFRESH_TOKEN_AUTH', { REFRESH_TOKEN: refreshToken }, username),
  async revoke(refreshToken) {
    await cognito().send(new RevokeTokenCommand({ ClientId: getConfig().userPoolClientId, ClientSecret: await clientSecret(), Token: refreshToken }));
  },
  async ping() {
    await cognito().send(new DescribeUserPoolCommand({ UserPoolId: getConfig().userPoolId }));
  },
};
