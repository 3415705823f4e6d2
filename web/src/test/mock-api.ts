import { vi } from 'vitest';

// A fetch stand-in: answers by "METHOD /api/path" and records every request. Never hits a network.

export interface RecordedRequest {
  method: string;
  path: string;
  /** The query string of the request (handlers are matched on method and path only). */
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

export type MockAnswer = { status?: number; body?: unknown } | 'network-error';
export type MockHandler = MockAnswer | ((request: RecordedRequest, callIndex: number) => MockAnswer);

export function mockApi(handlers: Record<string, MockHandler>) {
  const requests: RecordedRequest[] = [];
  const counts = new Map<string, number>();

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const key = `${method} ${url.pathname}`;
    const request: RecordedRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const index = counts.get(key) ?? 0;
    counts.set(key, index + 1);

    const handler = handlers[key];
    const answer: MockAnswer = handler === undefined
      ? { status: 404, body: { success: false, error: `No mock for ${key}` } }
      : typeof handler === 'function'
        ? handler(request, index)
        : handler;
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });

  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    calls: (key: string) => requests.filter((r) => `${r.method} ${r.path}` === key),
  };
}
