import type { User } from '../../../shared/schemas/session';
import { Unauthorized, ValidationFailed } from '../errors';
import type { SignInPorts, Tokens } from './sign-in';
import { loadUser } from './sign-in';

// The new-password step of sign-in (issue 11: after an administrator's password reset). The pool
// answers the right temporary password with a NEW_PASSWORD_REQUIRED challenge instead of tokens;
// the member chooses a password, and the challenge's session (bound to the user, answered once,
// valid a few minutes) proves they knew the temporary one.

export const NEW_PASSWORD_CHALLENGE = 'NEW_PASSWORD_REQUIRED';
export const SESSION_EXPIRED = 'Your sign-in session has expired. Sign in again with your temporary password.';

/** The identity provider's answer to a correct temporary password. */
export class NewPasswordRequired extends Error {
  constructor(readonly session: string) {
    super('A new password is required');
    this.name = 'NewPasswordRequired';
  }
}

/** The pool refused the challenge's session (unknown, used, expired, another user's). */
export class ChallengeSessionRefused extends Error {}
/** The pool refused the new password against its policy; the message says why. */
export class PasswordPolicyRefused extends Error {}

export interface NewPasswordPorts extends Pick<SignInPorts, 'store' | 'identityOf' | 'knownSources' | 'now'> {
  identity: { completeNewPassword(email: string, session: string, newPassword: string): Promise<Tokens> };
}

export async function completeNewPassword(ports: NewPasswordPorts, email: string, session: string, newPassword: string, source: string): Promise<{ tokens: Tokens; user: User }> {
  let tokens: Tokens;
  try {
    tokens = await ports.identity.completeNewPassword(email, session, newPassword);
  } catch (error) {
    if (error instanceof ChallengeSessionRefused) throw new Unauthorized(SESSION_EXPIRED);
    if (error instanceof PasswordPolicyRefused) {
      throw new ValidationFailed('The new password does not meet the password rules', [{ field: 'new_password', message: error.message }]);
    }
    throw error;
  }
  await ports.knownSources.remember(email, source, ports.now());
  const user = await loadUser(ports.store, await ports.identityOf(tokens.idToken));
  return { tokens, user };
}

