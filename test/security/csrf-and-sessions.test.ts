import { describe, expect, it } from 'vitest';
import { userPoolDefinition } from '../../functions/adapters/identity/user-pool-definition';
import { routes } from '../../functions/routes';
import { baseUrl, call, passwordOf, users } from '../support/api';
import { claimsOf } from '../support/pool';

// Issue 8 item 4: cross-site request forgery and sessions. Measured before: the login accepted a
// text/plain body (which any foreign page can post without a preflight), a refresh cookie kept
// working after logout locally (revocation was skipped), and local id tokens lived 24 h, not 60 min.

async function post(path: string, body: string | undefined, contentType: string | undefined, cookie?: string) {
  const headers: Record<string, string> = {};
  if (contentType) headers['content-type'] = contentType;
  if (cookie) headers.cookie = cookie;
  const res = await fetch(`${baseUrl()}${path}`, { method: 'POST', headers, body });
  return { status: res.status, body: (await res.json().catch(() => undefined)) as any, headers: res.headers };
}

const login = { email: users.engineer, password: passwordOf(users.engineer) };

describe('CSRF: state-changing routes take only JSON bodies (issue 8 item 4)', () => {
  it.each(['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=----x'])(
    'login with a JSON body sent as %s answers 415 naming the content type, and signs nobody in',
    async (type) => {
      const res = await post('/api/auth/login', JSON.stringify(login), type);
      expect(res.status).toBe(415);
      expect(res.body).toMatchObject({ success: false, error: expect.stringMatching(/content-type/i), details: [{ field: 'content-type' }] });
      expect(res.body.token).toBeUndefined();
      expect(res.headers.get('set-cookie')).toBeNull();
    },
  );

  it('login as application/json (with a charset) still works', async () => {
    expect((await post('/api/auth/login', JSON.stringify(login), 'application/json; charset=utf-8')).status).toBe(200);
  });

  it('every state-changing route of the route table refuses a text/plain body, before anything else', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.method !== 'GET')) {
      const path = route.path.replace(/\{\w+\}/g, 'x');
      const res = await fetch(`${baseUrl()}${path}`, { method: route.method, headers: { 'content-type': 'text/plain' }, body: '{}' });
      if (res.status !== 415) failures.push(`${route.method} ${route.path} → ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('a body-less state-changing request needs no content type, but may name no other', async () => {
    expect((await post('/api/auth/logout', undefined, undefined)).status).toBe(200);
    expect((await post('/api/auth/logout', undefined, 'text/plain')).status).toBe(415);
  });
});

describe('sessions (issue 8 item 4)', () => {
  it('the refresh cookie is refused after logout', async () => {
    const signedIn = await call('POST', '/api/auth/login', { body: login });
    const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect((await call('POST', '/api/auth/refresh', { cookie })).status).toBe(200);

    expect((await call('POST', '/api/auth/logout', { cookie })).status).toBe(200);

    const after = await call('POST', '/api/auth/refresh', { cookie });
    expect(after.status).toBe(401);
    expect(after.body.token).toBeUndefined();
  });

  it(`local id tokens live the configured ${userPoolDefinition.client.idTokenValidityMinutes} minutes`, async () => {
    const signedIn = await call('POST', '/api/auth/login', { body: login });
    const claims = claimsOf(signedIn.body.token);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(userPoolDefinition.client.idTokenValidityMinutes * 60);
    expect(signedIn.body.expiresIn).toBe(userPoolDefinition.client.idTokenValidityMinutes * 60);
  });
});
