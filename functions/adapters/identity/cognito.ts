import {
  CognitoIdentityProviderClient,
  DescribeUserPoolCommand,
  InitiateAuthCommand,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { getConfig } from '../../config';

// The identity port's Cognito adapter (cognito-local when COGNITO_ENDPOINT is set).

export interface Tokens {
  idToken: string;
  expiresIn: number;
  /** Absent on refresh: Cognito keeps the refresh token it issued at sign-in. */
  refreshToken?: string;
}

export class InvalidCredentials extends Error {}

export interface IdentityProvider {
  signIn(email: string, password: string): Promise<Tokens>;
  refresh(refreshToken: string): Promise<Tokens>;
  revoke(refreshToken: string): Promise<void>;
  ping(): Promise<void>;
}

let client: CognitoIdentityProviderClient | undefined;
function cognito(): CognitoIdentityProviderClient {
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

// Cognito answers NotAuthorizedException for a wrong password; cognito-local InvalidPasswordException.
const REJECTED = new Set([
  'NotAuthorizedException',
  'UserNotFoundException',
  'UserNotConfirmedException',
  'PasswordResetRequiredException',
  'InvalidPasswordException',
]);

async function initiate(flow: 'USER_PASSWORD_AUTH' | 'REFRESH_TOKEN_AUTH', params: Record<string, string>): Promise<Tokens> {
  try {
    const out = await cognito().send(new InitiateAuthCommand({ AuthFlow: flow, ClientId: getConfig().userPoolClientId, AuthParameters: params }));
    const result = out.AuthenticationResult;
    if (!result?.IdToken) throw new InvalidCredentials('no tokens issued');
    return { idToken: result.IdToken, expiresIn: result.ExpiresIn ?? 3600, refreshToken: result.RefreshToken };
  } catch (error) {
    if (error instanceof Error && REJECTED.has(error.name)) throw new InvalidCredentials(error.name);
    throw error;
  }
}

export const cognitoIdentity: IdentityProvider = {
  signIn: (email, password) => initiate('USER_PASSWORD_AUTH', { USERNAME: email, PASSWORD: password }),
  refresh: (refreshToken) => initiate('REFRESH_TOKEN_AUTH', { REFRESH_TOKEN: refreshToken }),
  async revoke(refreshToken) {
    // cognito-local does not implement RevokeToken; locally the cookie is simply cleared.
    if (getConfig().local) return;
    await cognito().send(new RevokeTokenCommand({ ClientId: getConfig().userPoolClientId, Token: refreshToken }));
  },
  async ping() {
    await cognito().send(new DescribeUserPoolCommand({ UserPoolId: getConfig().userPoolId }));
  },
};
