import {
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  UserNotFoundException,
  CognitoIdentityProviderClient,
  UsernameExistsException,
  type AttributeType,
} from '@aws-sdk/client-cognito-identity-provider';
import { getConfig } from '../../config';
import type { PoolEmail } from '../../domain/session/email-change';
import type { IdentityAdmin } from '../../domain/team/ports';
import { cognitoIdentity, InvalidCredentials } from './cognito';
import { createPoolUser } from './pool-users';
import { NewPasswordRequired } from '../../domain/session/new-password';

// The user-pool administration port (Admin* calls): creating invited users, temporary passwords.

let client: CognitoIdentityProviderClient | undefined;
function cognito(): CognitoIdentityProviderClient {
  if (client) return client;
  const config = getConfig();
  client = new CognitoIdentityProviderClient({
    region: config.region,
    ...(config.cognitoEndpoint ? { endpoint: config.cognitoEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
  return client;
}

const subOf = (attributes: AttributeType[] | undefined) => attributes?.find((a) => a.Name === 'sub')?.Value;

/**
 * Deletes the pool user of a member of a purged organization, only while that user is still the
 * one the member was bound to (its sub): a user that was already deleted, or whose e-mail now
 * belongs to another pool user, is left alone. Answers whether a user was deleted.
 */
export async function deleteBoundPoolUser(email: string, sub: string): Promise<boolean> {
  const pool = getConfig().userPoolId;
  let found: string | undefined;
  try {
    found = subOf((await cognito().send(new AdminGetUserCommand({ UserPoolId: pool, Username: email }))).UserAttributes);
  } catch (error) {
    if (error instanceof Error && error.name === 'UserNotFoundException') return false;
    throw error;
  }
  if (found !== sub) return false;
  try {
    await cognito().send(new AdminDeleteUserCommand({ UserPoolId: pool, Username: email }));
    return true;
  } catch (error) {
    if (error instanceof Error && error.name === 'UserNotFoundException') return false;
    throw error;
  }
}

export const cognitoAdmin: IdentityAdmin = {
  async createUser(email, password, organizationId) {
    const pool = getConfig().userPoolId;
    try {
      // The identity contract (issue 8): a new pool user with its permanent password, answering its sub.
      return await createPoolUser(cognito(), pool, { email, organizationId, password }, { reuseExisting: false });
    } catch (error) {
      if (!(error instanceof UsernameExistsException) && !(error instanceof Error && error.name === 'UsernameExistsException')) throw error;
      // An existing pool user keeps its password: the caller must prove it (verifyPassword).
      const existing = await cognito().send(new AdminGetUserCommand({ UserPoolId: pool, Username: email }));
      const sub = subOf(existing.UserAttributes);
      if (!sub) throw new Error('the user pool answered no sub');
      return { sub, created: false };
    }
  },
  async verifyPassword(email, password) {
    try {
      await cognitoIdentity.signIn(email, password);
      return true;
    } catch (error) {
      if (error instanceof InvalidCredentials) return false;
      // The right temporary password of a member whose password was reset.
      if (error instanceof NewPasswordRequired) return true;
      throw error;
    }
  },
  async setTemporaryPassword(email, password) {
    await cognito().send(new AdminSetUserPasswordCommand({ UserPoolId: getConfig().userPoolId, Username: email, Password: password, Permanent: false }));
  },
  async deleteUser(email) {
    await cognito().send(new AdminDeleteUserCommand({ UserPoolId: getConfig().userPoolId, Username: email }));
  },
};

/** The pool side of an e-mail change (domain/session/email-change.ts). */
export const poolEmail: PoolEmail = {
  async setEmail(currentEmail, newEmail) {
    await cognito().send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: getConfig().userPoolId,
        Username: currentEmail,
        // Verified: the member entered the code sent to the new address.
        UserAttributes: [
          { Name: 'email', Value: newEmail },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
  },
  async emailOf(sub, candidates) {
    for (const candidate of candidates) {
      try {
        const out = await cognito().send(new AdminGetUserCommand({ UserPoolId: getConfig().userPoolId, Username: candidate }));
        if (subOf(out.UserAttributes) === sub) return out.UserAttributes?.find((a) => a.Name === 'email')?.Value;
      } catch (error) {
        if (!(error instanceof UserNotFoundException) && !(error instanceof Error && error.name === 'UserNotFoundException')) throw error;
      }
    }
    return undefined;
  },
};
