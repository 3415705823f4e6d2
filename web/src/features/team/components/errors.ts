import { ApiError } from '../../../lib/api-client';

/** The server's message of a failed call, for the spec's "Failed to …" alerts. */
export function serverMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const details = Array.isArray(error.details)
      ? (error.details as Array<{ field?: string; message?: string }>).map((d) => (d.field && d.message ? `${d.field} ${d.message}` : d.message)).filter(Boolean).join('; ')
      : '';
    return error.serverError ?? (details || `status ${error.status}`);
  }
  return error instanceof Error ? error.message : String(error);
}

export function loadStatus(error: unknown): string {
  return error instanceof ApiError ? String(error.status) : serverMessage(error);
}
