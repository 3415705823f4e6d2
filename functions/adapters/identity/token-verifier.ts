import { CognitoJwtVerifier, JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { Fetcher } from 'aws-jwt-verify/https';
import { getConfig } from '../../config';

// Verifies the Cognito id token: signature, issuer, audience (client), token_use and expiry.

export interface VerifiedIdentity {
  /** The pool user's immutable id: the only claim a caller is resolved by. */
  sub: string;
  /** The e-mail claim, lower-cased: checked against the bound member, never used to find one. */
  email: string;
  emailVerified: boolean;
}

export class InvalidToken extends Error {}

interface Verifier {
  verify(token: string): Promise<Record<string, unknown>>;
}

/** aws-jwt-verify's own fetcher refuses http:, which cognito-local serves. */
const plainFetcher: Fetcher = {
  async fetch(uri: string) {
    const res = await fetch(uri);
    if (!res.ok) throw new Error(`JWKS fetch failed: ${res.status}`);
    return res.arrayBuffer();
  },
};

let verifier: Verifier | undefined;

function createVerifier(): Verifier {
  const config = getConfig();
  if (config.cognitoEndpoint) {
    // Local mode only: cognito-local signs with a key that ships in its package, so this issuer
    // must never be trusted outside local mode (COGNITO_ENDPOINT is never set in AWS).
    const issuer = `${config.cognitoEndpoint}/${config.userPoolId}`;
    const local = JwtRsaVerifier.create(
      {
        issuer,
        audience: config.userPoolClientId,
        jwksUri: `${issuer}/.well-known/jwks.json`,
        customJwtCheck: ({ payload }) => {
          if (payload.token_use !== 'id') throw new Error('not an id token');
        },
      },
      { jwksCache: new SimpleJwksCache({ fetcher: plainFetcher }) },
    );
    return { verify: (token) => local.verify(token) as Promise<Record<string, unknown>> };
  }
  const cognito = CognitoJwtVerifier.create({ userPoolId: config.userPoolId, clientId: config.userPoolClientId, tokenUse: 'id' });
  return { verify: (token) => cognito.verify(token) as Promise<Record<string, unknown>> };
}

export async function verifyIdToken(token: string): Promise<VerifiedIdentity> {
  verifier ??= createVerifier();
  let payload: Record<string, unknown>;
  try {
    payload = await verifier.verify(token);
  } catch {
    throw new InvalidToken('token rejected');
  }
  const email = typeof payload.email === 'string' ? payload.email.toLowerCase() : undefined;
  const sub = typeof payload.sub === 'string' && payload.sub.length > 0 ? payload.sub : undefined;
  if (!email || !sub) throw new InvalidToken('token lacks email or sub');
  // Cognito writes a boolean; accept only an explicit true.
  const emailVerified = payload.email_verified === true || payload.email_verified === 'true';
  return { email, sub, emailVerified };
}
