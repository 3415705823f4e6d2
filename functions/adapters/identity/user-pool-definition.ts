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
  /**
   * An e-mail change waits for verification of the new address; until then the original stays
   * the user's e-mail (Cognito's "keep original attribute value active").
   */
  attributesRequireVerificationBeforeUpdate: ['email'] as const,
  client: {
    /**
     * What the app client may read and write with a user's own tokens. Nothing that carries
     * authority (e-mail, custom:*) is writable: only the server changes those, through the admin
     * API. The write list is not empty on purpose: Cognito reads an empty list as "all standard
     * attributes", so it names one harmless attribute the app never reads.
     */
    readAttributes: ['email', 'email_verified', 'custom:organization_id'] as const,
    writeAttributes: ['locale'] as const,
    explicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'] as const,
    generateSecret: false,
    idTokenValidityMinutes: 60,
    accessTokenValidityMinutes: 60,
    refreshTokenValidityDays: 30,
  },
} as const;
