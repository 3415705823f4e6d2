import { timingSafeEqual } from 'node:crypto';
import { secretHash } from '../../functions/adapters/identity/secret-hash';

// What Amazon Cognito enforces on an app client and cognito-local 5.3 does not (it stores these
// settings but never checks them). The local user pool runs with these rules in front of its
// targets (cognito-server.ts), so the local stack has the shape of the deployed one: password
// sign-in only through the flows a client allows, the client secret proven by SECRET_HASH, and
// no writes of attributes the client may not write.

export interface AppClientView {
  ClientId?: string;
  ClientSecret?: string;
  ExplicitAuthFlows?: string[];
  WriteAttributes?: string[];
}

/** A refusal, answered with Cognito's error code and message. */
export class PoolRefusal extends Error {
  constructor(
    readonly code: 'NotAuthorizedException' | 'InvalidParameterException' | 'InvalidPasswordException',
    message: string,
  ) {
    super(message);
  }
}

export { secretHash };

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function allows(client: AppClientView, flow: string): boolean {
  return (client.ExplicitAuthFlows ?? []).includes(flow);
}

/** A client with a secret must prove it: SECRET_HASH over the user's name (any accepted alias). */
export function checkSecretHash(client: AppClientView, given: string | undefined, usernames: readonly string[]): void {
  if (!client.ClientSecret) return;
  const ok = given !== undefined && usernames.some((u) => sameText(given, secretHash(u, client.ClientId ?? '', client.ClientSecret!)));
  if (!ok) throw new PoolRefusal('NotAuthorizedException', `Unable to verify secret hash for client ${client.ClientId ?? ''}`);
}

const PASSWORD_FLOWS: Record<string, string> = {
  USER_PASSWORD_AUTH: 'ALLOW_USER_PASSWORD_AUTH',
  ADMIN_USER_PASSWORD_AUTH: 'ALLOW_ADMIN_USER_PASSWORD_AUTH',
  ADMIN_NO_SRP_AUTH: 'ALLOW_ADMIN_USER_PASSWORD_AUTH',
  USER_SRP_AUTH: 'ALLOW_USER_SRP_AUTH',
  CUSTOM_AUTH: 'ALLOW_CUSTOM_AUTH',
};

/** InitiateAuth / AdminInitiateAuth: the flow must be one the client allows. */
export function checkAuthFlow(client: AppClientView, flow: string | undefined, admin: boolean): void {
  if (flow === 'REFRESH_TOKEN_AUTH' || flow === 'REFRESH_TOKEN') {
    // Cognito always allows refresh on a client with any flow; ALLOW_REFRESH_TOKEN_AUTH is implied.
    return;
  }
  const needed = flow ? PASSWORD_FLOWS[flow] : undefined;
  if (!needed || (admin ? !flow!.startsWith('ADMIN_') : flow!.startsWith('ADMIN_'))) {
    throw new PoolRefusal('InvalidParameterException', `Initiate Auth method not supported: ${flow ?? 'none'}`);
  }
  if (!allows(client, needed)) {
    throw new PoolRefusal('InvalidParameterException', `${flow} flow not enabled for this client`);
  }
}

/** UpdateUserAttributes / DeleteUserAttributes with a user's token: only the client's writable attributes. */
export function checkAttributeWrite(client: AppClientView, names: readonly string[]): void {
  const writable = client.WriteAttributes;
  // As in Cognito: a client that names no write attributes may write the standard ones.
  if (!writable || writable.length === 0) return;
  const refused = names.filter((n) => !writable.includes(n) && !(n.endsWith('_verified') && writable.includes(n.slice(0, -'_verified'.length))));
  if (refused.length > 0) throw new PoolRefusal('NotAuthorizedException', 'A client attempted to write unauthorized attribute');
}

/** RevokeToken on a client with a secret needs the secret. */
export function checkRevokeSecret(client: AppClientView, given: string | undefined): void {
  if (!client.ClientSecret) return;
  if (!given || !sameText(given, client.ClientSecret)) throw new PoolRefusal('NotAuthorizedException', 'Client authentication failed');
}

export interface PasswordPolicyView {
  minLength: number;
  requireLowercase: boolean;
  requireUppercase: boolean;
  requireDigits: boolean;
  requireSymbols: boolean;
}

/** A new password must meet the pool's policy (cognito-local 5.3 never checks it on a challenge). */
export function checkPasswordPolicy(policy: PasswordPolicyView, password: string): void {
  const missing: string[] = [];
  if (password.length < policy.minLength) missing.push(`Password not long enough`);
  if (policy.requireLowercase && !/[a-z]/.test(password)) missing.push('Password must have lowercase characters');
  if (policy.requireUppercase && !/[A-Z]/.test(password)) missing.push('Password must have uppercase characters');
  if (policy.requireDigits && !/[0-9]/.test(password)) missing.push('Password must have numeric characters');
  if (policy.requireSymbols && !/[^A-Za-z0-9]/.test(password)) missing.push('Password must have symbol characters');
  if (missing.length) throw new PoolRefusal('InvalidPasswordException', `Password does not conform to policy: ${missing[0]}`);
}

/** How long a challenge's session may be answered (Cognito's default AuthSessionValidity, 3 minutes). */
export const CHALLENGE_SESSION_MS = 3 * 60_000;

/**
 * The sessions of open sign-in challenges. cognito-local issues a random Session but never checks
 * it on RespondToAuthChallenge (anyone naming a user could set its password); Cognito binds the
 * session to the user, the client and the challenge, lets it be answered once, and expires it.
 */
export class ChallengeSessions {
  private readonly open = new Map<string, { username: string; clientId: string; challenge: string; expiresAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  issue(session: string, username: string, clientId: string, challenge: string): void {
    const now = this.now();
    for (const [key, value] of this.open) if (value.expiresAt <= now) this.open.delete(key);
    this.open.set(session, { username, clientId, challenge, expiresAt: now + CHALLENGE_SESSION_MS });
  }

  /** Checks a response's session; `consume` closes it (after a successful answer). */
  check(session: unknown, username: string, clientId: string, challenge: string): void {
    const entry = typeof session === 'string' ? this.open.get(session) : undefined;
    if (!entry || entry.expiresAt <= this.now() || entry.username !== username || entry.clientId !== clientId || entry.challenge !== challenge) {
      throw new PoolRefusal('NotAuthorizedException', 'Invalid session for the user, session is expired.');
    }
  }

  consume(session: string): void {
    this.open.delete(session);
  }
}
