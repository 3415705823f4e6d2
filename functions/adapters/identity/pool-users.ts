import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  UsernameExistsException,
  type AttributeType,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';

// Creating the user-pool user a member is bound to (issue 8 item 1). Only the server creates pool
// users (admin API); the app client can write none of the attributes that carry authority (e-mail,
// custom:*), see user-pool-definition.ts. The answer is the user's immutable `sub`, which the
// member is then created with (functions/adapters/dynamodb/member-identity.ts).

export interface NewPoolUser {
  email: string;
  organizationId: string;
  /** Set as the permanent password when given (invite accept, demo seed, tests). */
  password?: string;
}

function subOf(attributes: AttributeType[] | undefined): string {
  const sub = attributes?.find((a) => a.Name === 'sub')?.Value;
  if (!sub) throw new Error('the user pool answered a user without a sub');
  return sub;
}

/**
 * Creates the pool user (e-mail verified: the server vouches for it — it came from an invitation
 * the user answered or from an administrator), or finds it when `reuseExisting` and it exists.
 * Answers its `sub` and whether it was created now.
 */
export async function createPoolUser(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
  user: NewPoolUser,
  options: { reuseExisting?: boolean } = {},
): Promise<{ sub: string; created: boolean }> {
  const email = user.email.trim().toLowerCase();
  let sub: string;
  let created = true;
  try {
    const out = await client.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'custom:organization_id', Value: user.organizationId },
        ],
      }),
    );
    sub = subOf(out.User?.Attributes);
  } catch (error) {
    if (!(error instanceof UsernameExistsException) || !options.reuseExisting) throw error;
    const existing = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
    sub = subOf(existing.UserAttributes);
    created = false;
  }
  if (user.password) {
    await client.send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: email, Password: user.password, Permanent: true }));
  }
  return { sub, created };
}
