// The one definition of the user pool and its app client, used by CDK and the local stack.

export function userPoolName(stage: string): string {
  return `quality-desk-${stage}`;
}

/**
 * The one app client: confidential (it has a secret), used only by the sign-in functions of the
 * API. There is no public client: the SPA never talks to the user pool, so no one can guess
 * passwords at the pool past the API's sign-in protection.
 */
export const userPoolClientName = 'quality-desk-api';
/** Names of app clients earlier versions created; the local stack deletes them. */
export const retiredUserPoolClientNames = ['quality-desk-web'] as const;

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
    /** Password sign-in only by the server (AdminInitiateAuth with IAM credentials and the secret). */
    explicitAuthFlows: ['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'] as const,
    generateSecret: true,
    idTokenValidityMinutes: 60,
    accessTokenValidityMinutes: 60,
    refreshTokenValidityDays: 30,
  },
} as const;
