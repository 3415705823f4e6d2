import { ApiError, ContractError } from '../../../lib/api-client';
import { AuthRejectedError } from '../../../lib/session';

export const NETWORK_ERROR_MESSAGE = 'Network error. Please try again.';

/**
 * What a failed sign-in says (spec 1 §8): the server's error field; "Login failed" (or the given
 * fallback) when the answer had no success flag; otherwise the network message.
 */
export function authFailureMessage(error: unknown, rejectedFallback: 'Login failed' | 'Emergency access failed'): string {
  if (error instanceof AuthRejectedError) return error.serverError ?? rejectedFallback;
  if (error instanceof ApiError && error.serverError) return error.serverError;
  if (error instanceof ContractError) return rejectedFallback;
  return NETWORK_ERROR_MESSAGE;
}
