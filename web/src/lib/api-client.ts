import type { z } from 'zod';
import { env } from '../config/env';
import type { AuthResponse, User } from '../../../shared/schemas/session';
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

/**
 * The zod schema of a success body (from shared/schemas), or a loader of it. A loader keeps zod and
 * the schema module out of the page's first download: it starts when the request is sent, so the
 * schema arrives while the server answers, and every success body is still checked before use.
 */
export type ResponseSchema<T> = z.ZodType<T> | (() => Promise<z.ZodType<T>>);

/**
 * Loads zod's browser configuration (src/zod-config.ts, in zod's own chunk: no eval under the CSP)
 * with a schema module, for the loaders of ResponseSchema.
 */
export function schemaModule<M>(load: () => Promise<M>): Promise<M> {
  return import('../zod-config').then(load);
}

export interface ApiRequestOptions<T> {
  method?: HttpMethod;
  body?: unknown;
  /** The success body's schema, or its loader (see ResponseSchema). */
  schema: ResponseSchema<T>;
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

/** The `{ success: false, error, details? }` body of an error answer (shared/schemas/common's errorResponseSchema), checked by hand so that no error path needs zod. */
export function errorBodyOf(text: string): { error: string; details: unknown } | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof body !== 'object' || body === null) return undefined;
  const { success, error, details } = body as Record<string, unknown>;
  return success === false && typeof error === 'string' ? { error, details } : undefined;
}

async function errorFrom(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  const parsed = errorBodyOf(text);
  return parsed ? new ApiError(response.status, text, parsed.error, parsed.details) : new ApiError(response.status, text);
}

/** Starts loading a schema given by its loader; a failed load surfaces as a NetworkError when the body is read, never as an unhandled rejection. */
function startSchema<T>(schema: ResponseSchema<T>): Promise<z.ZodType<T>> {
  const loading = typeof schema === 'function' ? schema().catch((error: unknown) => Promise.reject(new NetworkError(error))) : Promise.resolve(schema);
  loading.catch(() => undefined);
  return loading;
}

async function bodyOf<T>(path: string, response: Response, schemaSource: ResponseSchema<T> | Promise<z.ZodType<T>>): Promise<T> {
  const schema = await (schemaSource instanceof Promise ? schemaSource : startSchema(schemaSource));
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
      const data = await bodyOf('/auth/refresh', response, () => schemaModule(() => import('../../../shared/schemas/session')).then((m) => m.authResponseSchema)).catch(() => null);
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
  const schema = startSchema(options.schema);
  const response = await sendAuthorized(path, options);
  return bodyOf(path, response, schema);
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
