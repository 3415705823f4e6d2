// The one definition of the user pool and its app client, used by CDK and the local stack.

export function userPoolName(stage: string): string {
  return `quality-desk-${stage}`;
}

export const userPoolClientName = 'quality-desk-web';

export const userPoolDefinition = {
  /** Usernames are e-mail addresses. */
  usernameAttributes: ['email'] as const,
  passwordPolicy: {
    minLength: 8,
    requireLowercase: true,
    requireUppercase: true,
    requireDigits: true,
    requireSymbols: true,
  },
  /** Identity only: roles and tenancy live in DynamoDB. The organization is mirrored for audit. */
  customAttributes: { organization_id: { mutable: true, maxLen: 64 } },
  client: {
    explicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'] as const,
    generateSecret: false,
    idTokenValidityMinutes: 60,
    accessTokenValidityMinutes: 60,
    refreshTokenValidityDays: 30,
  },
} as const;
