import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { userPoolDefinition } from '../../functions/adapters/identity/user-pool-definition';
import {
  ChallengeSessions,
  checkAttributeWrite,
  checkPasswordPolicy,
  checkAuthFlow,
  checkRevokeSecret,
  checkSecretHash,
  PoolRefusal,
  type AppClientView,
} from './cognito-rules';

// cognito-local with Cognito's app-client rules (cognito-rules.ts) in front of the targets that
// need them. Started as a child process by emulators.ts, in the data directory (cognito-local
// keeps its data in <cwd>/.cognito and reads PORT/HOST at load).

const require = createRequire(import.meta.url);

type Ctx = { logger: unknown };
type Req = Record<string, any>;
type Target = (services: Services) => (ctx: Ctx, req: Req) => Promise<unknown>;
interface User {
  Username: string;
  Attributes?: Array<{ Name: string; Value?: string }>;
  UserStatus?: string;
  Password?: string;
}
interface Services {
  cognito: {
    getAppClient(ctx: Ctx, clientId: string): Promise<AppClientView | null>;
    getUserPoolForClientId(ctx: Ctx, clientId: string): Promise<{
      getUserByUsername(ctx: Ctx, username: string): Promise<User | null>;
      getUserByRefreshToken(ctx: Ctx, token: string): Promise<User | null>;
      storeRefreshToken(ctx: Ctx, token: string, user: User): Promise<void>;
    }>;
  };
}

const { Targets } = require('cognito-local/lib/targets/targets') as { Targets: Record<string, Target> };
const errors = require('cognito-local/lib/errors') as {
  CognitoError: new (code: string, message: string) => Error;
  NotAuthorizedError: new (message?: string) => Error;
};
// jsonwebtoken is cognito-local's own dependency: resolved from it, not from this package.
const jwt = createRequire(require.resolve('cognito-local/package.json'))('jsonwebtoken') as { verify(token: string, key: string, options: object): Record<string, unknown> };
const publicKey = (require('cognito-local/lib/keys/cognitoLocal.public.json') as { pem: string }).pem;

/** Wraps a target: `check` runs first and may refuse, in Cognito's words. */
function guard(name: string, check: (services: Services, ctx: Ctx, req: Req) => Promise<void>): void {
  const original = Targets[name];
  if (!original) throw new Error(`cognito-local has no target ${name}`);
  Targets[name] = (services) => {
    const run = original(services);
    return async (ctx, req) => {
      try {
        await check(services, ctx, req);
      } catch (error) {
        if (error instanceof PoolRefusal) throw new errors.CognitoError(error.code, error.message);
        throw error;
      }
      return run(ctx, req);
    };
  };
}

async function clientOf(services: Services, ctx: Ctx, clientId: unknown): Promise<AppClientView> {
  const client = typeof clientId === 'string' ? await services.cognito.getAppClient(ctx, clientId) : null;
  if (!client) throw new PoolRefusal('NotAuthorizedException', 'Client not found');
  return client;
}

/** The names a user may be addressed by in SECRET_HASH: its username (the sub) and its e-mail. */
function namesOf(user: User | null, given: unknown): string[] {
  const names = typeof given === 'string' ? [given] : [];
  if (user) names.push(user.Username, ...(user.Attributes ?? []).filter((a) => a.Name === 'email' && a.Value).map((a) => a.Value!));
  return names;
}

async function checkSignIn(services: Services, ctx: Ctx, req: Req, admin: boolean): Promise<void> {
  const client = await clientOf(services, ctx, req.ClientId);
  checkAuthFlow(client, req.AuthFlow, admin);
  const params = (req.AuthParameters ?? {}) as Record<string, string>;
  const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
  const refresh = req.AuthFlow === 'REFRESH_TOKEN_AUTH' || req.AuthFlow === 'REFRESH_TOKEN';
  const user = refresh
    ? params.REFRESH_TOKEN ? await pool.getUserByRefreshToken(ctx, params.REFRESH_TOKEN) : null
    : params.USERNAME ? await pool.getUserByUsername(ctx, params.USERNAME) : null;
  // Refresh: Cognito checks SECRET_HASH over the username (the sub), whatever USERNAME says.
  checkSecretHash(client, params.SECRET_HASH, refresh ? (user ? [user.Username] : []) : namesOf(user, params.USERNAME));
}

/** A user's own access token, verified as Cognito would (cognito-local only decodes it). */
function accessTokenClaims(token: unknown): Record<string, unknown> {
  try {
    const claims = jwt.verify(String(token), publicKey, { algorithms: ['RS256'] });
    if (claims.token_use !== 'access') throw new Error('not an access token');
    return claims;
  } catch {
    throw new PoolRefusal('NotAuthorizedException', 'Invalid Access Token');
  }
}

async function checkOwnAttributeWrite(services: Services, ctx: Ctx, req: Req, names: string[]): Promise<void> {
  const claims = accessTokenClaims(req.AccessToken);
  checkAttributeWrite(await clientOf(services, ctx, claims.client_id), names);
}

/**
 * Password attempts that reached the pool, per username as given: what the sign-in protection
 * must bound. The security tests read it with the local-only target QualityDeskPasswordAttempts.
 */
const passwordAttempts = new Map<string, number>();
function countPasswordAttempt(req: Req): void {
  const name = req.AuthParameters?.USERNAME;
  if (req.AuthParameters?.PASSWORD !== undefined && typeof name === 'string') {
    const key = name.trim().toLowerCase();
    passwordAttempts.set(key, (passwordAttempts.get(key) ?? 0) + 1);
  }
}
Targets.QualityDeskPasswordAttempts = () => async (_ctx, req) => ({ Attempts: passwordAttempts.get(String(req.Username ?? '').toLowerCase()) ?? 0 });

guard('InitiateAuth', async (s, ctx, req) => {
  countPasswordAttempt(req);
  await checkSignIn(s, ctx, req, false);
});
guard('AdminInitiateAuth', async (s, ctx, req) => {
  countPasswordAttempt(req);
  await checkSignIn(s, ctx, req, true);
});

// NEW_PASSWORD_REQUIRED as Cognito answers it: cognito-local 5.3 signs a user whose password an
// administrator set as temporary (FORCE_CHANGE_PASSWORD) straight in through AdminInitiateAuth,
// and has no AdminRespondToAuthChallenge. Here the right temporary password opens a challenge
// whose session is bound to the user and client, answered once within 3 minutes.
const sessions = new ChallengeSessions();
const CHALLENGE = 'NEW_PASSWORD_REQUIRED';
{
  const signIn = Targets.AdminInitiateAuth!;
  Targets.AdminInitiateAuth = (services) => {
    const run = signIn(services);
    return async (ctx, req) => {
      const params = (req.AuthParameters ?? {}) as Record<string, string>;
      if (req.AuthFlow === 'ADMIN_USER_PASSWORD_AUTH' && params.USERNAME && params.PASSWORD !== undefined) {
        // The guard above runs first (flow, secret hash); then a temporary password opens the challenge.
        const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
        const user = await pool.getUserByUsername(ctx, params.USERNAME);
        if (user && user.UserStatus === 'FORCE_CHANGE_PASSWORD' && user.Password === params.PASSWORD) {
          // The guard's rules apply as to any sign-in (its attempt count too).
          countPasswordAttempt(req);
          try {
            await checkSignIn(services, ctx, req, true);
          } catch (error) {
            if (error instanceof PoolRefusal) throw new errors.CognitoError(error.code, error.message);
            throw error;
          }
          const session = randomBytes(48).toString('base64url');
          sessions.issue(session, user.Username, String(req.ClientId), CHALLENGE);
          const email = user.Attributes?.find((a) => a.Name === 'email')?.Value ?? params.USERNAME;
          return {
            ChallengeName: CHALLENGE,
            Session: session,
            ChallengeParameters: { USER_ID_FOR_SRP: user.Username, requiredAttributes: '[]', userAttributes: JSON.stringify({ email }) },
          };
        }
      }
      return run(ctx, req);
    };
  };
}

Targets.AdminRespondToAuthChallenge = (services) => {
  const respond = Targets.RespondToAuthChallenge!(services);
  return async (ctx, req) => {
    try {
      const client = await clientOf(services, ctx, req.ClientId);
      if (req.ChallengeName !== CHALLENGE) throw new errors.CognitoError('InvalidParameterException', `Unsupported challenge ${String(req.ChallengeName)}`);
      const answers = (req.ChallengeResponses ?? {}) as Record<string, string>;
      const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = answers.USERNAME ? await pool.getUserByUsername(ctx, answers.USERNAME) : null;
      if (!user) throw new PoolRefusal('NotAuthorizedException', 'Invalid session for the user, session is expired.');
      checkSecretHash(client, answers.SECRET_HASH, namesOf(user, answers.USERNAME));
      sessions.check(req.Session, user.Username, String(req.ClientId), CHALLENGE);
      if (typeof answers.NEW_PASSWORD !== 'string') throw new errors.CognitoError('InvalidParameterException', 'Missing required parameter NEW_PASSWORD');
      checkPasswordPolicy(userPoolDefinition.passwordPolicy, answers.NEW_PASSWORD);
      const out = (await respond(ctx, { ...req, ChallengeResponses: { USERNAME: user.Username, NEW_PASSWORD: answers.NEW_PASSWORD } })) as {
        AuthenticationResult?: { RefreshToken?: string };
      };
      sessions.consume(String(req.Session));
      // Kept for refresh like a sign-in's, on the user as just saved (new password, CONFIRMED).
      const saved = await pool.getUserByUsername(ctx, user.Username);
      if (out.AuthenticationResult?.RefreshToken && saved) await pool.storeRefreshToken(ctx, out.AuthenticationResult.RefreshToken, saved);
      return out;
    } catch (error) {
      if (error instanceof PoolRefusal) throw new errors.CognitoError(error.code, error.message);
      throw error;
    }
  };
};
guard('UpdateUserAttributes', (s, ctx, req) =>
  checkOwnAttributeWrite(s, ctx, req, ((req.UserAttributes ?? []) as Array<{ Name: string }>).map((a) => a.Name)),
);
guard('DeleteUserAttributes', (s, ctx, req) => checkOwnAttributeWrite(s, ctx, req, (req.UserAttributeNames ?? []) as string[]));
guard('VerifyUserAttribute', async (_s, _ctx, req) => void accessTokenClaims(req.AccessToken));
guard('RevokeToken', async (s, ctx, req) => checkRevokeSecret(await clientOf(s, ctx, req.ClientId), req.ClientSecret));

// The stock start script, now with the guarded targets.
require('cognito-local/lib/bin/start.js');
