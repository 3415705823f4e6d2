import { getConfig } from '../../config';
import { attemptBuckets, knownSources } from '../../adapters/dynamodb/guard-repository';
import { tenancyRepository } from '../../adapters/dynamodb/tenancy-repository';
import { cognitoIdentity, InvalidCredentials } from '../../adapters/identity/cognito';
import { verifyIdToken } from '../../adapters/identity/token-verifier';
import { randomUUID } from 'node:crypto';
import { emailChangeRepository } from '../../adapters/dynamodb/email-change-repository';
import { poolEmail } from '../../adapters/identity/cognito-admin';
import { mailSender } from '../../adapters/mail/mail-sender';
import { findDemoUser } from '../../domain/demo/demo-directory';
import type { EmailChangePorts } from '../../domain/session/email-change';
import type { EmergencyPorts } from '../../domain/session/emergency-access';
import type { NewPasswordPorts } from '../../domain/session/new-password';
import type { SignInPorts } from '../../domain/session/sign-in';

// The adapters the session use cases run with in Lambda and locally.

export function signInPorts(): SignInPorts {
  return {
    store: tenancyRepository,
    identity: cognitoIdentity,
    identityOf: verifyIdToken,
    isInvalidCredentials: (error) => error instanceof InvalidCredentials,
    buckets: attemptBuckets,
    knownSources,
    now: () => Date.now(),
    lockSeconds: getConfig().loginLockSeconds,
    sourceMaxAttempts: getConfig().loginSourceMaxAttempts,
  };
}

export function newPasswordPorts(): NewPasswordPorts {
  return { store: tenancyRepository, identity: cognitoIdentity, identityOf: verifyIdToken, knownSources, now: () => Date.now() };
}

export function emergencyPorts(): EmergencyPorts {
  const config = getConfig();
  return {
    store: tenancyRepository,
    identity: cognitoIdentity,
    identityOf: verifyIdToken,
    now: () => Date.now(),
    demoMode: config.demoMode,
    code: config.emergencyAccessCode,
    buckets: attemptBuckets,
    knownSources,
    lockSeconds: config.loginLockSeconds,
    sourceMaxAttempts: config.loginSourceMaxAttempts,
  };
}

export function emailChangePorts(): EmailChangePorts {
  return {
    store: emailChangeRepository,
    pool: poolEmail,
    mail: mailSender(),
    now: () => Date.now(),
    newId: () => randomUUID(),
    isSharedDemoAccount: (email) => findDemoUser(email) !== undefined,
  };
}

/** The source of a request: the client address API Gateway (or the local server) saw. */
export function sourceOf(event: { requestContext?: { http?: { sourceIp?: string } } }): string {
  const ip = event.requestContext?.http?.sourceIp?.trim();
  return ip ? ip.replace(/^::ffff:/, '').slice(0, 64) : 'unknown';
}
