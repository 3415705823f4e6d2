import { createHmac } from 'node:crypto';

/** Cognito's SECRET_HASH: Base64(HMAC-SHA256(client secret, username + client id)). */
export function secretHash(username: string, clientId: string, clientSecret: string): string {
  return createHmac('sha256', clientSecret).update(username + clientId).digest('base64');
}
