import { describe, expect, it } from 'vitest';
import { call, tokenFor, users } from '../support/api';
import { unnamedField } from './problems';

// Issue 8 §7: the measured 500s on bad input, each reproduced. Every one now answers 400 naming
// the field (details with the field, and a message that says which).

describe('bad input answers 400 naming the field (issue 8 §7)', () => {
  it('refuses an x-instance-id longer than any instance id (measured: > 1,024 characters → 500)', async () => {
    const token = await tokenFor(users.northwindUser);
    for (const length of [129, 1025, 4000]) {
      const res = await call('GET', '/api/datasets', { token, instanceId: 'i'.repeat(length) });
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([expect.objectContaining({ field: 'x-instance-id' })]);
      expect(unnamedField(res.body)).toBeUndefined();
    }
  });

  it('refuses an x-instance-id that could split a key', async () => {
    const res = await call('GET', '/api/datasets', { token: await tokenFor(users.northwindUser), instanceId: 'inst_northwind_prod#DS#x' });
    expect(res.status).toBe(400);
    expect(res.body.details[0].field).toBe('x-instance-id');
  });

  it('refuses usage dates outside 1970–2100 (measured: endDate=9999-12-31 → 500)', async () => {
    const token = await tokenFor(users.northwindAdmin);
    for (const q of ['endDate=9999-12-31', 'startDate=0001-01-01', 'endDate=2101-01-01']) {
      const res = await call('GET', `/api/ai/usage/org_northwind?${q}`, { token });
      expect(res.status, q).toBe(400);
      expect(res.body.details[0].field).toBe(`query.${q.split('=')[0]}`);
      expect(unnamedField(res.body)).toBeUndefined();
    }
  });

  it('refuses a startDate after the default endDate (today) with 400, not a broken key range', async () => {
    const res = await call('GET', '/api/ai/usage/org_northwind?startDate=2100-12-31', { token: await tokenFor(users.northwindAdmin) });
    expect(res.status).toBe(400);
    expect(res.body.details[0].field).toBe('query.startDate');
  });

  it('still serves dates inside the range', async () => {
    const res = await call('GET', '/api/ai/usage/org_northwind?startDate=1970-01-01&endDate=2100-12-31&groupBy=month', { token: await tokenFor(users.northwindAdmin) });
    expect(res.status).toBe(200);
  });

  it('refuses a login password of 200,000 characters (measured: → 500) before it reaches the pool', async () => {
    const res = await call('POST', '/api/auth/login', { body: { email: 'nobody@northwind.example', password: 'x'.repeat(200_000) } });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([expect.objectContaining({ field: 'password' })]);
    expect(unnamedField(res.body)).toBeUndefined();
  });

  it('refuses over-long e-mails and emergency codes', async () => {
    const res = await call('POST', '/api/auth/admin/emergency-access', { body: { email: `${'a'.repeat(400)}@x.example`, emergency_code: 'c'.repeat(500) } });
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: { field: string }) => d.field).sort()).toEqual(['email', 'emergency_code']);
  });

  it('answers a malformed cookie with no 500', async () => {
    const res = await call('POST', '/api/auth/refresh', { cookie: 'qd_refresh=%E0%A4%A' });
    expect(res.status).toBeLessThan(500);
  });

  it('answers a malformed percent-encoding in the path with 400 like API Gateway (measured: 66 × 500)', async () => {
    const token = await tokenFor(users.northwindUser);
    for (const path of ['/api/%E0%A4%A/failed_rows', '/api/opportunities/issues/%zz/history', '/api/ai/usage/%']) {
      const res = await call('GET', path, { token, instanceId: 'inst_northwind_prod' });
      expect(res.status, path).toBe(400);
      expect(res.body.details).toEqual([expect.objectContaining({ field: 'path' })]);
    }
  });
});
