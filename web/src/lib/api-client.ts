import type { z } from 'zod';
import { env } from '../config/env';
import { errorResponseSchema } from '../../../shared/schemas/common';
import { authResponseSchema, type AuthResponse, type User } from '../../../shared/schemas/session';
import { getAuthToken, getCurrentInstanceId, setAuthToken, setStoredUser } from './auth-storage';

// The one way the SPA talks to /api (spec 1 §7 conventions): JSON content type, the Bearer token
// from auth_token and x-instance-id from current_instance_id when present. A 401 refreshes the
// session once (refresh token in an httpOnly cookie) and retries the call once. Network code
// never navigates: it announces a lost session through subscribeToAuthEvents.

/** The server answered with an error status. */
export class ApiError extends Error {
  readonly status: number;
  /** The `error` field of the server's `{ success: false, error }` body, when it had one. */
  readonly serverError: string | undefined;
  readonly details: unknown;
  /** The raw response text (for messages that quote it). */
  readonly body: string;

  constructor(status: number, body: string, serverError?: string, details?: unknown) {
    super(serverError ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.serverError = serverError;
    this.details = details;
  }
}

/** The request never got an answer (offline, DNS, connection reset). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network error', { cause });
    this.name = 'NetworkError';
  }
}

/** The server answered 2xx with a body that does not match the contract. */
export class ContractError extends Error {
  constructor(path: string, cause: unknown) {
    super(`Unexpected response from ${path}`, { cause });
    this.name = 'ContractError';
  }
}

export type AuthEvent = { type: 'refreshed'; token: string; user: User | undefined } | { type: 'expired' };

const authListeners = new Set<(event: AuthEvent) => void>();

/** The session listens here for refreshed tokens and for a session that could not be renewed. */
export function subscribeToAuthEvents(listener: (event: AuthEvent) => void): () => void {
  authListeners.add(listener);
  return () => authListeners.delete(listener);
}

function emit(event: AuthEvent): void {
  for (const listener of authListeners) listener(event);
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions<T> {
  method?: HttpMethod;
  body?: unknown;
  /** Zod schema of the success body (from shared/schemas). */
  schema: z.ZodType<T>;
  /** x-instance-id: a value sends it, null omits it, undefined sends the stored current instance. */
  instanceId?: string | null;
  /** Send the Bearer token when one is stored (default true). */
  authenticated?: boolean;
  signal?: AbortSignal;
}

function buildHeaders(authenticated: boolean, instanceId: string | null | undefined): Headers {
  const headers = new Headers({ 'Content-Type': 'application/json', Accept: 'application/json' });
  const token = authenticated ? getAuthToken() : null;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const instance = instanceId === undefined ? getCurrentInstanceId() : instanceId;
  if (instance) headers.set('x-instance-id', instance);
  return headers;
}

async function send(path: string, options: Omit<ApiRequestOptions<unknown>, 'schema'>): Promise<Response> {
  const authenticated = options.authenticated ?? true;
  try {
    // The QA routes live beside /api (spec 2 §7.5: /qa/...).
    return await fetch(`${path.startsWith('/qa/') ? env.qaUrl : env.apiUrl}${path}`, {
      method: options.method ?? 'GET',
      headers: buildHeaders(authenticated, options.instanceId),
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }
}

async function errorFrom(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let parsed: ReturnType<typeof errorResponseSchema.safeParse> | undefined;
  try {
    parsed = errorResponseSchema.safeParse(JSON.parse(text));
  } catch {
    parsed = undefined;
  }
  return parsed?.success
    ? new ApiError(response.status, text, parsed.data.error, parsed.data.details)
    : new ApiError(response.status, text);
}

async function bodyOf<T>(path: string, response: Response, schema: z.ZodType<T>): Promise<T> {
  const text = await response.text();
  let json: unknown = undefined;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new ContractError(path, error);
    }
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ContractError(path, parsed.error);
  return parsed.data;
}

let refreshInFlight: Promise<AuthResponse | null> | null = null;

/**
 * Renews the access token with the refresh cookie. Concurrent callers share one request.
 * Resolves to the auth response, or null when the server refuses to renew the session; rejects
 * with NetworkError when it could not be asked (offline, or the page is being left), because
 * that says nothing about the session.
 */
export function refreshSession(): Promise<AuthResponse | null> {
  refreshInFlight ??= (async () => {
    try {
      const response = await send('/auth/refresh', { method: 'POST', authenticated: false, instanceId: null });
      if (!response.ok) return null;
      const data = await bodyOf('/auth/refresh', response, authResponseSchema).catch(() => null);
      if (!data?.success || !data.token) return null;
      setAuthToken(data.token);
      if (data.user) setStoredUser(data.user);
      emit({ type: 'refreshed', token: data.token, user: data.user });
      return data;
    } finally {
      refreshInFlight = null;
    }
  })();
  return refreshInFlight;
}

/** Sends a call; a 401 renews the session once and retries; any other failure throws ApiError. */
async function sendAuthorized(path: string, options: Omit<ApiRequestOptions<unknown>, 'schema'>): Promise<Response> {
  const authenticated = options.authenticated ?? true;
  const hadToken = authenticated && getAuthToken() !== null;
  let response = await send(path, options);

  if (response.status === 401 && hadToken) {
    const renewed = await refreshSession();
    if (renewed) {
      response = await send(path, options);
    } else {
      emit({ type: 'expired' });
    }
  }

  if (!response.ok) throw await errorFrom(response);
  return response;
}

/** Calls the API and returns the parsed success body, or throws ApiError / NetworkError / ContractError. */
export async function apiRequest<T>(path: string, options: ApiRequestOptions<T>): Promise<T> {
  const response = await sendAuthorized(path, options);
  return bodyOf(path, response, options.schema);
}

export interface ApiDownload {
  blob: Blob;
  /** The file name of the content-disposition header, when the server named one. */
  filename: string | undefined;
}

/** Fetches a file the API serves (e.g. a CSV export) with the same headers and session renewal. */
export async function apiDownload(path: string, options: Omit<ApiRequestOptions<unknown>, 'schema' | 'body' | 'method'> = {}): Promise<ApiDownload> {
  const response = await sendAuthorized(path, options);
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  return { blob: await response.blob(), filename };
}
