import { getConfig } from '../../config';
import { guardRepository } from '../../adapters/dynamodb/guard-repository';
import { tenancyRepository } from '../../adapters/dynamodb/tenancy-repository';
import { cognitoIdentity, InvalidCredentials } from '../../adapters/identity/cognito';
import { verifyIdToken } from '../../adapters/identity/token-verifier';
import type { EmergencyPorts } from '../../domain/session/emergency-access';
import type { SignInPorts } from '../../domain/session/sign-in';

// The adapters the session use cases run with in Lambda and locally.

export function signInPorts(): SignInPorts {
  return {
    store: tenancyRepository,
    identity: cognitoIdentity,
    identityOf: verifyIdToken,
    isInvalidCredentials: (error) => error instanceof InvalidCredentials,
    guard: guardRepository.login,
    now: () => Date.now(),
    lockSeconds: getConfig().loginLockSeconds,
  };
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
    attempts: guardRepository.emergency,
  };
}
