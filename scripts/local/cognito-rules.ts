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
    readonly code: 'NotAuthorizedException' | 'InvalidParameterException',
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
