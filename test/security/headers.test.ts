import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseUrl, call, tokenFor, users } from '../support/api';

// Issue 8 §5: security headers on every response the local server gives — pages, assets, API
// answers (success, errors, the server's own 400/404) — and a built index.html without inline
// script, so the strict CSP holds. The deployed values are checked on the synthesized CloudFront
// policies in infra/test/security-headers.test.ts.

const distIndex = readFileSync(path.resolve(import.meta.dirname, '..', '..', 'web', 'dist', 'index.html'), 'utf8');

function expectCommon(headers: Headers, what: string) {
  expect(headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  expect(headers.get('x-frame-options'), what).toBe('DENY');
  const csp = headers.get('content-security-policy') ?? '';
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  return csp;
}

describe('security headers (issue 8 §5)', () => {
  it('the built index.html holds no inline script (every <script> loads a file)', () => {
    const scripts = [...distIndex.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc="\/[^"]+"/);
      expect(body!.trim()).toBe('');
    }
    expect(distIndex).not.toMatch(/\son[a-z]+=/i); // no inline event handlers either
  });

  it.each(['/', '/issues', '/login?r=demo', '/theme-init.js', '/favicon.svg'])('page or file %s carries the page policy', async (p) => {
    const res = await fetch(`${baseUrl()}${p}`);
    expect(res.status).toBe(200);
    const csp = expectCommon(res.headers, p);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
  });

  it('hashed assets carry it too', async () => {
    const asset = distIndex.match(/src="(\/assets\/[^"]+\.js)"/)![1]!;
    const res = await fetch(`${baseUrl()}${asset}`);
    expect(res.status).toBe(200);
    expectCommon(res.headers, asset);
  });

  it('API answers carry the API policy, HSTS and no-store: tenant data, errors, and the server\'s own refusals', async () => {
    const token = await tokenFor(users.northwindUser);
    const answers = [
      ['GET /api/users/me', await call('GET', '/api/users/me', { token })],
      ['GET /api/datasets', await call('GET', '/api/datasets', { token, instanceId: 'inst_northwind_prod' })],
      ['GET /api/{dataset}/export (CSV)', await call('GET', '/api/opportunities/export', { token, instanceId: 'inst_northwind_prod' })],
      ['401', await call('GET', '/api/users/me')],
      ['403', await call('GET', '/api/datasets', { token, instanceId: 'inst_demo_prod' })],
      ['400', await call('GET', '/api/datasets', { token, instanceId: 'x'.repeat(200) })],
      ['unknown route 404', await call('GET', '/api/no/such/route')],
      ['malformed path 400', await call('GET', '/api/%zz/failed_rows', { token })],
    ] as const;
    for (const [what, res] of answers) {
      const csp = expectCommon(res.headers, what);
      expect(csp, what).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('cache-control'), what).toBe('no-store');
      expect(res.headers.get('strict-transport-security'), what).toMatch(/^max-age=\d{8}; includeSubDomains$/);
    }
    expect(answers[0][1].status).toBe(200);
    expect(answers[1][1].status).toBe(200);
    expect(answers[2][1].status).toBe(200);
  });
});
