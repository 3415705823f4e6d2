import { describe, expect, inject, it } from 'vitest';
import { LOGIN_MAX_FAILURES } from '../../shared/constants';
import { call, passwordOf, tokenFor, users } from '../support/api';
import { createMember } from '../support/fixtures';

describe('POST /api/auth/login', () => {
  it('answers a token and the user, and keeps the refresh token in an httpOnly SameSite=Strict cookie', async () => {
    const res = await call('POST', '/api/auth/login', { body: { email: users.analyst, password: passwordOf(users.analyst) } });

    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.token).toMatch(/^ey/);
    expect(res.body.user).toMatchObject({ email: users.analyst, role: 'user', organization_id: 'org_demo', is_org_admin: false, permissions: ['read', 'write'] });
    expect(JSON.stringify(res.body)).not.toMatch(/refresh/i);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^qd_refresh=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api\/auth/);
  });

  it('accepts the e-mail in any case and with spaces around it', async () => {
    const res = await call('POST', '/api/auth/login', { body: { email: `  ${users.analyst.toUpperCase()} `, password: passwordOf(users.analyst) } });
    expect(res.status).toBe(200);
  });

  it('answers 401 with a clear message for a wrong password', async () => {
    const res = await call('POST', '/api/auth/login', { body: { email: users.engineer, password: 'Wrong#Password1' } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, error: 'Invalid email or password' });
  });

  it.each([
    [{ password: 'x' }, 'email'],
    [{ email: users.analyst }, 'password'],
    [{ email: 'not-an-email', password: 'x' }, 'email'],
  ])('answers 400 naming the bad field for %j', async (body, field) => {
    const res = await call('POST', '/api/auth/login', { body });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    expect(res.body.error).toContain(field);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await call('POST', '/api/auth/login', { rawBody: '{"email":' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Request body must be valid JSON');
  });

  it(`locks the account after ${LOGIN_MAX_FAILURES} wrong passwords in a row, even for the right password`, async () => {
    const email = 'lockout.target@democorp.example';
    const password = 'Right#Password2026';
    await createMember({ email, password, organizationId: 'org_demo', instances: ['inst_demo_prod'] });

    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      statuses.push((await call('POST', '/api/auth/login', { body: { email, password: 'Wrong#Password1' } })).status);
    }
    const afterLock = await call('POST', '/api/auth/login', { body: { email, password } });

    expect(statuses).toEqual([401, 401, 401, 401, 423]);
    expect(afterLock.status).toBe(423);
    expect(afterLock.body.error).toMatch(/locked/);
  });

  it('a successful sign-in gives back its own attempt, but the window\'s wrong passwords keep counting', async () => {
    const email = 'recovering@democorp.example';
    const password = 'Right#Password2026';
    await createMember({ email, password, organizationId: 'org_demo' });
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) await call('POST', '/api/auth/login', { body: { email, password: 'nope' } });

    expect((await call('POST', '/api/auth/login', { body: { email, password } })).status).toBe(200);
    expect((await call('POST', '/api/auth/login', { body: { email, password } })).status).toBe(200);
    // The fifth wrong password of the window locks this source out of the account (issue 8 item 3).
    expect((await call('POST', '/api/auth/login', { body: { email, password: 'nope' } })).status).toBe(423);
  });
});

describe('POST /api/auth/refresh and /api/auth/logout', () => {
  it('issues a new working token from the refresh cookie', async () => {
    const login = await call('POST', '/api/auth/login', { body: { email: users.owner, password: passwordOf(users.owner) } });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;

    const refreshed = await call('POST', '/api/auth/refresh', { cookie });
    const me = await call('GET', '/api/users/me', { token: refreshed.body.token });

    expect(refreshed.status).toBe(200);
    expect(refreshed.body.user.email).toBe(users.owner);
    expect(me.status).toBe(200);
  });

  it('answers 401 without a refresh cookie', async () => {
    const res = await call('POST', '/api/auth/refresh');
    expect(res.status).toBe(401);
  });

  it('answers 401 and clears the cookie for a forged refresh token', async () => {
    const res = await call('POST', '/api/auth/refresh', { cookie: 'qd_refresh=forged' });
    expect(res.status).toBe(401);
    expect(res.headers.get('set-cookie')).toMatch(/Max-Age=0/);
  });

  it('signs out without a token and clears the cookie', async () => {
    const res = await call('POST', '/api/auth/logout', { cookie: 'qd_refresh=whatever' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(res.headers.get('set-cookie')).toMatch(/^qd_refresh=;.*Max-Age=0/);
  });
});

describe('GET /api/users/me and PUT /api/auth/profile', () => {
  it('answers 401 without a token and for a tampered token', async () => {
    const token = await tokenFor(users.analyst);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = [header, Buffer.from(JSON.stringify({ ...claims, email: users.provider })).toString('base64url'), signature].join('.');

    expect((await call('GET', '/api/users/me')).status).toBe(401);
    expect((await call('GET', '/api/users/me', { token: forged })).status).toBe(401);
    expect((await call('GET', '/api/users/me', { token: 'not.a.jwt' })).status).toBe(401);
  });

  it('answers the user with the permission set of their role', async () => {
    const res = await call('GET', '/api/users/me', { token: await tokenFor(users.owner) });
    expect(res.body.user).toMatchObject({
      role: 'account_owner',
      is_org_admin: true,
      is_super_admin: false,
      permissions: ['read', 'write', 'admin', 'billing', 'organization'],
      organization_name: 'Demo Corp',
    });
  });

  it('updates first name, last name and title, trimmed', async () => {
    const email = 'profile.editor@democorp.example';
    await createMember({ email, password: 'Profile#Pass2026', organizationId: 'org_demo' });
    const login = await call('POST', '/api/auth/login', { body: { email, password: 'Profile#Pass2026' } });

    const res = await call('PUT', '/api/auth/profile', { token: login.body.token, body: { first_name: ' Rosa ', last_name: 'Parks', title: 'Steward' } });
    const me = await call('GET', '/api/users/me', { token: login.body.token });

    expect(res.status).toBe(200);
    expect(me.body.user).toMatchObject({ first_name: 'Rosa', last_name: 'Parks', title: 'Steward', name: 'Rosa Parks' });
  });

  it('refuses to change the e-mail (400 naming the field)', async () => {
    const res = await call('PUT', '/api/auth/profile', { token: await tokenFor(users.analyst), body: { email: 'x@y.z' } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.details)).toContain('email');
  });
});

describe('GET /api/users/me/instances', () => {
  // Other suites add organizations and instances while this file runs (fresh instances in
  // org_demo, organizations of their own): the checks are about the seeded ones, and about
  // nothing foreign ever being listed.
  const SEEDED = new Set(['inst_demo_prod', 'inst_demo_sales', 'inst_demo_dev', 'inst_northwind_prod', 'inst_northwind_test', 'inst_internal_staging', 'inst_internal_prod']);
  it.each([
    [users.analyst, 'org_demo', ['inst_demo_prod', 'inst_demo_sales'], false],
    [users.engineer, 'org_demo', ['inst_demo_dev'], false],
    [users.demoAdmin, 'org_demo', ['inst_demo_dev', 'inst_demo_prod', 'inst_demo_sales'], true],
    [users.northwindUser, 'org_northwind', ['inst_northwind_prod'], false],
    [users.steward, 'org_soda_internal', ['inst_internal_staging'], false],
  ])('lists only the instances %s may use', async (email, organizationId, expected, isOrgAdmin) => {
    const res = await call('GET', '/api/users/me/instances', { token: await tokenFor(email) });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, total: res.body.instances.length, is_org_admin: isOrgAdmin, user_email: email });
    const listed = res.body.instances as Array<{ id: string; organization_id: string }>;
    expect(listed.filter((i) => SEEDED.has(i.id)).map((i) => i.id).sort()).toEqual(expected);
    expect(listed.filter((i) => i.organization_id !== organizationId)).toEqual([]);
  });

  it('lists every organization’s instances for a super admin, own organization first', async () => {
    const res = await call('GET', '/api/users/me/instances', { token: await tokenFor(users.superAdmin) });
    const orgs = res.body.instances.map((i: { organization_id: string }) => i.organization_id);

    // The demo organizations and the administration seed's suspended and multi-instance ones (issue 11).
    expect([...new Set(orgs)]).toEqual(expect.arrayContaining(['org_soda_internal', 'org_demo', 'org_northwind', 'org_globex', 'org_initech']));
    expect(orgs[0]).toBe('org_soda_internal');
  });

  it('reports real user and dataset counts per instance', async () => {
    const res = await call('GET', '/api/users/me/instances', { token: await tokenFor(users.demoAdmin) });
    const prod = res.body.instances.find((i: { id: string }) => i.id === 'inst_demo_prod');
    expect(prod).toMatchObject({ type: 'production', warehouseType: 'bigquery', datasetCount: 4, organization_id: 'org_demo' });
    expect(prod.userCount).toBeGreaterThanOrEqual(3);
  });
});

describe('GET /api/auth/demo-config', () => {
  it('answers the demo organizations with users of every role and their passwords', async () => {
    const res = await call('GET', '/api/auth/demo-config');
    const orgs = res.body.organizations as Array<{ id: string; type: string; users: Array<{ role: string; passwordType: string }> }>;

    expect(res.status).toBe(200);
    expect(orgs.map((o) => o.id)).toEqual(expect.arrayContaining(['org_soda_internal', 'org_demo']));
    expect(new Set(orgs.map((o) => o.type))).toEqual(new Set(['internal', 'demo', 'admin']));
    expect(new Set(orgs.flatMap((o) => o.users.map((u) => u.role)))).toEqual(
      new Set(['user', 'admin', 'account_owner', 'super_admin', 'provider_admin']),
    );
    for (const u of orgs.flatMap((o) => o.users)) expect(res.body.passwords[u.passwordType]).toBeTruthy();
  });
});

describe('POST /api/auth/admin/emergency-access', () => {
  const code = () => inject('emergencyCode');

  it('signs a provider administrator in, marked as emergency access', async () => {
    const res = await call('POST', '/api/auth/admin/emergency-access', { body: { emergency_code: code(), email: users.provider } });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: users.provider, role: 'provider_admin', access_type: 'emergency' });
  });

  it('refuses anyone who is not a provider administrator', async () => {
    const res = await call('POST', '/api/auth/admin/emergency-access', { body: { emergency_code: code(), email: users.superAdmin } });
    expect(res.status).toBe(403);
  });

  it('refuses a wrong code and limits the attempts', async () => {
    const email = users.provider.replace('provider.admin', 'provider.admin+probe');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await call('POST', '/api/auth/admin/emergency-access', { body: { emergency_code: 'wrong', email } })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('answers 400 naming missing fields', async () => {
    const res = await call('POST', '/api/auth/admin/emergency-access', { body: { email: users.provider } });
    expect(res.status).toBe(400);
    expect(res.body.details[0].field).toBe('emergency_code');
  });
});

describe('GET /api/system/status', () => {
  it('checks the database, identity and queue services for real', async () => {
    const res = await call('GET', '/api/system/status', { token: await tokenFor(users.analyst) });

    expect(res.status).toBe(200);
    expect(res.body.summary).toMatchObject({ status: 'healthy', healthPercentage: 100 });
    expect(res.body.services.database.status).toBe('healthy');
    expect(res.body.services.identity.status).toBe('healthy');
    // The suggestions queue, probed in the stack's in-process queue (issue 9 item 6).
    expect(res.body.services.queue).toMatchObject({ status: 'healthy', queue: { depth: expect.any(Number), inFlight: expect.any(Number), deadLetters: 0 } });
    expect(res.body.services.queue.queue.oldestAgeSeconds === null || typeof res.body.services.queue.queue.oldestAgeSeconds === 'number').toBe(true);
    expect(res.body.environment).toBe('test');
    expect(res.body.performance.memory.used).toBeGreaterThan(0);
    expect(res.body.performance.nodeVersion).toBe(process.version);
  });
});

describe('GET /api/datasets', () => {
  it('lists the datasets of the instance with exact status counts', async () => {
    const res = await call('GET', '/api/datasets', { token: await tokenFor(users.analyst), instanceId: 'inst_demo_prod' });
    const names = res.body.datasets.map((d: { name: string }) => d.name);

    expect(res.status).toBe(200);
    expect(names).toEqual(['customers', 'leads', 'opportunities', 'products']);
    for (const d of res.body.datasets) {
      expect(d.totalFailedRows).toBe(d.openIssues + d.resolvedIssues + d.mutedIssues);
      expect(d.totalFailedRows).toBeGreaterThan(50);
      expect(Date.parse(d.lastScanTime)).toBeLessThan(Date.now());
    }
  });

  it('answers 400 naming x-instance-id when the header is missing', async () => {
    const res = await call('GET', '/api/datasets', { token: await tokenFor(users.analyst) });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: 'x-instance-id', message: 'is required' }]);
  });
});
