import { inject } from 'vitest';
import { DEMO_ORGANIZATIONS, DEMO_PASSWORDS } from '../../functions/domain/demo/demo-directory';

// A small client for the integration tests: real HTTP against the local stack.

export const baseUrl = () => inject('baseUrl');

export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export async function call<T = any>(
  method: string,
  path: string,
  options: { token?: string; instanceId?: string; body?: unknown; rawBody?: string; cookie?: string } = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.instanceId) headers['x-instance-id'] = options.instanceId;
  if (options.cookie) headers.cookie = options.cookie;
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers,
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: body as T, headers: res.headers };
}

export function passwordOf(email: string): string {
  for (const org of DEMO_ORGANIZATIONS) {
    const u = org.users.find((x) => x.email === email);
    if (u) return DEMO_PASSWORDS[u.passwordType];
  }
  throw new Error(`not a demo user: ${email}`);
}

const tokens = new Map<string, Promise<string>>();

/** Signs a demo user in once per test file and reuses the token. */
export function tokenFor(email: string): Promise<string> {
  let t = tokens.get(email);
  if (!t) {
    t = call('POST', '/api/auth/login', { body: { email, password: passwordOf(email) } }).then((r) => {
      if (r.status !== 200) throw new Error(`login of ${email} failed: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body.token as string;
    });
    tokens.set(email, t);
  }
  return t;
}

export const users = {
  provider: 'provider.admin@qualitydesk.dev',
  superAdmin: 'super.admin@qualitydesk.dev',
  steward: 'steward@qualitydesk.dev',
  owner: 'owner@democorp.example',
  demoAdmin: 'admin@democorp.example',
  analyst: 'analyst@democorp.example',
  engineer: 'engineer@democorp.example',
  northwindAdmin: 'admin@northwind.example',
  northwindUser: 'user@northwind.example',
  northwindOwner: 'owner@northwind.example',
} as const;
