import { ApiError } from '../../../lib/api-client';

// The Issues screen's messages, worded exactly as spec 1 §5 and §8 state them.

export const EMPTY_VALUE = 'Value cannot be empty';
export const SELECT_AT_LEAST_ONE = 'Please select at least one row';
export const SAVE_FAILED = 'Failed to save changes. Please try again.';
export const RESOLVE_FAILED = 'Failed to resolve issue. Please try again.';
export const UNMUTE_FAILED = 'Failed to unmute issue. Please try again.';
/** Not in the spec (it mutes only in bulk); worded like its siblings. */
export const MUTE_FAILED = 'Failed to mute issue. Please try again.';
export const BULK_SUCCESS_FALSE = 'Bulk operation failed - server returned success: false';

export type BulkAction = 'mute' | 'unmute' | 'resolve';

export function bulkCompletedMessage(action: BulkAction, result: { resolved: number; total: number; failed: number }): string {
  const base = `Bulk ${action} completed: ${result.resolved}/${result.total} successful`;
  return result.failed > 0 ? `${base}, ${result.failed} failed` : base;
}

/** "Error: {server error, message, or Unknown error}". */
export function errorText(error: unknown): string {
  if (error instanceof ApiError && error.serverError) return error.serverError;
  if (error instanceof Error && error.message) return error.message;
  return 'Unknown error';
}

export function bulkFailedMessage(action: BulkAction, error: unknown): string {
  return `Failed to perform bulk ${action}. Please try again. Error: ${errorText(error)}`;
}

/** A write refused because the row changed since it was shown (409): the server says what happened. */
export function isStaleWrite(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409;
}
