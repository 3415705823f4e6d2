import { env } from '../config/env';

// The public pages' calls to /api: no token, no instance, no zod at run time (the public bundle
// stays small); callers check the shape they read. The signed-in app uses lib/api-client.ts.

export class PublicApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverError: string | undefined,
  ) {
    super(serverError ?? `Request failed with status ${status}`);
    this.name = 'PublicApiError';
  }
}

export class PublicNetworkError extends Error {
  constructor(cause: unknown) {
    super('Network error', { cause });
    this.name = 'PublicNetworkError';
  }
}

export async function publicRequest(path: string, init: { method?: 'GET' | 'POST'; body?: unknown; signal?: AbortSignal } = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${env.apiUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: { Accept: 'application/json', ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new PublicNetworkError(error);
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const serverError = body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string' ? (body as { error: string }).error : undefined;
    throw new PublicApiError(response.status, serverError);
  }
  return body;
}
