import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { SIGNUP_RATE_LIMIT } from '../../functions/domain/marketing/signup';
import { findRouteByKey } from '../../functions/routes';
import { call } from '../support/api';

// The marketing API (spec 2 §7.6) against the local stack: signups stored once per e-mail,
// validated, rate-limited per client address; stats counted from the tenants' counters.

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

describe('POST /api/marketing/signup', () => {
  it('stores a landing-page signup with its UTM fields, and answers isExisting for the same e-mail', async () => {
    const email = `lead-${unique()}@example.com`;
    const first = await call('POST', '/api/marketing/signup', {
      body: { email, name: 'Ada', company: 'Acme', role: 'Data Engineer', message: 'Hello', source: 'landing-page', utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'launch' },
    });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ success: true, signup: { id: expect.any(String) }, isExisting: false });

    const again = await call('POST', '/api/marketing/signup', { body: { email: email.toUpperCase(), planId: 'teams', source: 'pricing_page' } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ success: true, signup: { id: first.body.signup.id }, isExisting: true });
  });

  it('accepts the pricing page payload', async () => {
    const res = await call('POST', '/api/marketing/signup', {
      body: { email: `owner-${unique()}@example.com`, planId: 'enterprise', name: 'Grace', organizationName: 'Hopper Ltd', source: 'pricing_page' },
    });
    expect(res.status).toBe(201);
    expect(res.body.isExisting).toBe(false);
  });

  it.each([
    ['no e-mail', { source: 'landing-page' }, 'email'],
    ['a malformed e-mail', { email: 'not-an-address', source: 'landing-page' }, 'email'],
    ['an unknown role', { email: 'a@example.com', role: 'Wizard', source: 'landing-page' }, 'role'],
    ['a message past 2,000 characters', { email: 'a@example.com', message: 'x'.repeat(2001), source: 'landing-page' }, 'message'],
    ['an unknown plan', { email: 'a@example.com', planId: 'gold', source: 'pricing_page' }, 'planId'],
    ['no source', { email: 'a@example.com' }, 'source'],
  ])('answers 400 naming the field for %s', async (_case, body, field) => {
    const res = await call('POST', '/api/marketing/signup', { body });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(JSON.stringify(res.body.details)).toContain(field);
  });

  describe('rate limit per client address', () => {
    // Called through the route's handler with a client address of its own, so the limit this test
    // exhausts is not the one every other test's requests (from 127.0.0.1) count against.
    let invoke: (body: unknown, sourceIp: string) => Promise<{ statusCode?: number; body?: string }>;

    beforeAll(async () => {
      Object.assign(process.env, inject('stackEnv'));
      const route = findRouteByKey('POST /api/marketing/signup')!;
      const { invoke: run } = await import('../../scripts/local/dispatch');
      invoke = (body, sourceIp) => {
        const now = Date.now();
        const event = {
          version: '2.0',
          routeKey: 'POST /api/marketing/signup',
          rawPath: '/api/marketing/signup',
          rawQueryString: '',
          headers: { 'content-type': 'application/json' },
          requestContext: {
            accountId: 'local',
            apiId: 'local',
            domainName: 'localhost',
            domainPrefix: 'localhost',
            http: { method: 'POST', path: '/api/marketing/signup', protocol: 'HTTP/1.1', sourceIp, userAgent: 'test' },
            requestId: `req-${unique()}`,
            routeKey: 'POST /api/marketing/signup',
            stage: '$default',
            time: new Date(now).toISOString(),
            timeEpoch: now,
          },
          body: JSON.stringify(body),
          isBase64Encoded: false,
        } as APIGatewayProxyEventV2;
        return run(route, event);
      };
    });

    it(`answers 429 after ${SIGNUP_RATE_LIMIT.attempts} attempts in a window, and only to that address`, async () => {
      const ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
      for (let i = 0; i < SIGNUP_RATE_LIMIT.attempts; i++) {
        const res = await invoke({ email: `burst-${unique()}@example.com`, source: 'landing-page' }, ip);
        expect(res.statusCode).toBe(201);
      }
      const blocked = await invoke({ email: `burst-${unique()}@example.com`, source: 'landing-page' }, ip);
      expect(blocked.statusCode).toBe(429);
      expect(JSON.parse(blocked.body!)).toMatchObject({ success: false, error: 'Too many signup attempts. Please try again later.' });

      const other = await invoke({ email: `other-${unique()}@example.com`, source: 'landing-page' }, `203.0.113.${Math.floor(Math.random() * 250) + 1}`);
      expect(other.statusCode).toBe(201);
    });
  });
});

describe('GET /api/marketing/stats', () => {
  it('answers figures counted from the seeded tenants, and this week’s signups', async () => {
    const res = await call('GET', '/api/marketing/stats');
    expect(res.status).toBe(200);
    const stats = res.body.stats;
    expect(stats.organizations).toBeGreaterThanOrEqual(3);
    expect(stats.datasetsMonitored).toBeGreaterThan(0);
    expect(stats.rowsChecked).toBeGreaterThan(0);
    expect(stats.failedRowsFound).toBeGreaterThanOrEqual(stats.failedRowsResolved);
    expect(stats.signupsThisWeek).toBeGreaterThanOrEqual(0);
    expect(Date.parse(stats.computedAt)).not.toBeNaN();
  });
});
