import { describe, expect, inject, it } from 'vitest';
import { ORGANIZATION_SUSPENDED } from '../../functions/domain/tenancy/resolve';
import { call, tokenFor, users } from '../support/api';

// Organizations through the real local stack (spec 2 §7.1, §7.3; issue 11 §2, §4, §5).

const run = Date.now().toString(36);
const superAdmin = () => tokenFor(users.superAdmin);

async function createOrg(name: string, domain: string) {
  const res = await call('POST', '/api/organizations', { token: await superAdmin(), body: { name, domain } });
  expect(res.status).toBe(201);
  return res.body.organization as { id: string; slug: string; domain: string };
}

/** A member of the organization through a super admin's link invitation. */
async function memberOf(orgId: string, email: string, password: string) {
  const invite = await call('POST', `/api/organizations/${orgId}/invites`, { token: await superAdmin(), body: { invite_type: 'link', role: 'admin' } });
  expect(invite.status).toBe(201);
  const accepted = await call('POST', `/api/invites/${invite.body.invite.invite_code}/accept`, { body: { name: 'Org Member', email, password } });
  expect(accepted.status).toBe(201);
}

describe('organizations', () => {
  it('creates an organization with the derived slug and the default subscription; slugs are unique', async () => {
    const org = await createOrg(`Acme ${run} Labs!`, `acme-${run}.example`);
    expect(org).toMatchObject({ id: `org_acme_${run}_labs`, slug: `acme_${run}_labs`, domain: `acme-${run}.example` });
    const again = await call('POST', '/api/organizations', { token: await superAdmin(), body: { name: `Acme ${run} labs`, domain: 'other.example' } });
    expect(again.status).toBe(409);
    const missing = await call('POST', '/api/organizations', { token: await superAdmin(), body: { domain: 'x.example' } });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('Please fill in all required fields');
    const badDomain = await call('POST', '/api/organizations', { token: await superAdmin(), body: { name: 'X', domain: 'not a domain' } });
    expect(badDomain.status).toBe(400);

    const list = await call('GET', '/api/organizations', { token: await superAdmin() });
    expect(list.status).toBe(200);
    expect(list.body.organizations.find((o: { id: string }) => o.id === org.id)).toMatchObject({ subscription: 'professional', status: 'active', users: 0, shard: inject('stackEnv').TABLE_NAME, byok: false });
    const audit = await call('GET', `/api/organizations/${org.id}/audit`, { token: await superAdmin() });
    expect(audit.body.entries.map((e: { action: string }) => e.action)).toEqual(['organization.create']);
  });

  it('keeps organizations to super admins; an org admin reads and renames only their own', async () => {
    const admin = await tokenFor(users.demoAdmin);
    expect((await call('GET', '/api/organizations', { token: admin })).status).toBe(403);
    expect((await call('POST', '/api/organizations', { token: admin, body: { name: 'Mine', domain: 'mine.example' } })).status).toBe(403);
    const own = await call('GET', '/api/organizations/org_demo', { token: admin });
    expect(own.status).toBe(200);
    expect(own.body.organization).toMatchObject({ name: 'Demo Corp', domain: 'democorp.example', subscription: 'professional', status: 'active' });
    expect((await call('GET', '/api/organizations/org_northwind', { token: admin })).status).toBe(403);
    const upgrade = await call('PUT', '/api/organizations/org_demo', { token: admin, body: { subscription: 'enterprise' } });
    expect(upgrade.status).toBe(403);
    expect((await call('GET', '/api/organizations/org_demo', { token: await tokenFor(users.analyst) })).status).toBe(403);
  });

  it('adds and removes accepted domains; duplicates and the primary domain are refused', async () => {
    const admin = await tokenFor(users.demoAdmin);
    const domain = `eu-${run}.democorp.example`;
    const added = await call('POST', '/api/organizations/org_demo/domains', { token: admin, body: { domain: domain.toUpperCase() } });
    expect(added.status).toBe(201);
    expect(added.body.organization.domains).toContain(domain);
    const dup = await call('POST', '/api/organizations/org_demo/domains', { token: admin, body: { domain } });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('This domain is already added');
    expect((await call('POST', '/api/organizations/org_demo/domains', { token: admin, body: { domain: '' } })).status).toBe(400);
    expect((await call('DELETE', '/api/organizations/org_demo/domains/democorp.example', { token: admin })).status).toBe(409);
    const removed = await call('DELETE', `/api/organizations/org_demo/domains/${domain}`, { token: admin });
    expect(removed.status).toBe(200);
    expect(removed.body.organization.domains).toEqual(['democorp.example']);
  });

  it('suspends an organization: its members cannot sign in and their calls answer 403; reactivating restores access', async () => {
    const org = await createOrg(`Suspend ${run}`, `suspend-${run}.example`);
    const email = `member@suspend-${run}.example`;
    await memberOf(org.id, email, 'Member#2026susp');
    const login = await call('POST', '/api/auth/login', { body: { email, password: 'Member#2026susp' } });
    expect(login.status).toBe(200);
    const token = login.body.token as string;

    const suspended = await call('PUT', `/api/organizations/${org.id}`, { token: await superAdmin(), body: { status: 'suspended' } });
    expect(suspended.status).toBe(200);
    expect(suspended.body.organization.status).toBe('suspended');
    const refused = await call('POST', '/api/auth/login', { body: { email, password: 'Member#2026susp' } });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(ORGANIZATION_SUSPENDED);
    expect((await call('GET', '/api/users/me', { token })).status).toBe(403);

    const reactivated = await call('PUT', `/api/organizations/${org.id}`, { token: await superAdmin(), body: { status: 'active' } });
    expect(reactivated.status).toBe(200);
    expect((await call('POST', '/api/auth/login', { body: { email, password: 'Member#2026susp' } })).status).toBe(200);
    expect((await call('GET', '/api/users/me', { token })).status).toBe(200);
    const audit = await call('GET', `/api/organizations/${org.id}/audit`, { token: await superAdmin() });
    expect(audit.body.entries.map((e: { action: string }) => e.action)).toEqual(['organization.reactivate', 'organization.suspend', 'invite.accept', 'invite.create', 'organization.create']);
    expect((await call('PUT', '/api/organizations/org_soda_internal', { token: await superAdmin(), body: { status: 'suspended' } })).status).toBe(409);
  });

  it('soft-deletes: the organization is listed only with include_inactive', async () => {
    const org = await createOrg(`Gone ${run}`, `gone-${run}.example`);
    expect((await call('DELETE', `/api/organizations/${org.id}`, { token: await superAdmin() })).status).toBe(200);
    const active = await call('GET', '/api/organizations', { token: await superAdmin() });
    expect(active.body.organizations.some((o: { id: string }) => o.id === org.id)).toBe(false);
    const all = await call('GET', '/api/organizations?include_inactive=true', { token: await superAdmin() });
    expect(all.body.organizations.find((o: { id: string }) => o.id === org.id)).toMatchObject({ inactive: true });
  });

  it('reports the shard from DescribeTable, BYOK keys as registered, and the overview', async () => {
    const token = await superAdmin();
    const shards = await call('GET', '/api/organizations/shards', { token });
    expect(shards.status).toBe(200);
    expect(shards.body.shards).toHaveLength(1);
    expect(shards.body.shards[0]).toMatchObject({ id: inject('stackEnv').TABLE_NAME, status: 'healthy', database: 'Amazon DynamoDB' });
    expect(shards.body.shards[0].itemCount).toBeGreaterThan(0);
    expect(shards.body.shards[0].accounts).toBeGreaterThanOrEqual(3);

    const org = await createOrg(`Keys ${run}`, `keys-${run}.example`);
    const arn = 'arn:aws:kms:eu-west-1:123456789012:key/1234abcd-12ab-34cd-56ef-1234567890ab';
    expect((await call('PUT', `/api/organizations/${org.id}`, { token, body: { data_protection: { kms_key_arn: 'not-an-arn' } } })).status).toBe(400);
    expect((await call('PUT', `/api/organizations/${org.id}`, { token, body: { data_protection: { kms_key_arn: arn } } })).status).toBe(200);
    const byok = await call('GET', '/api/organizations/byok', { token });
    expect(byok.body.accounts.find((a: { id: string }) => a.id === org.id)).toMatchObject({ keyArn: arn, status: 'active' });
    const overview = await call('GET', '/api/organizations/overview', { token });
    expect(overview.body.overview.byokEnabled).toBeGreaterThanOrEqual(1);
    expect(overview.body.overview.sharding.totalShards).toBe(1);
    expect(overview.body.overview.totalAccounts).toBeGreaterThanOrEqual(overview.body.overview.activeAccounts);
    const stats = await call('GET', '/api/organizations/org_demo/stats', { token: await tokenFor(users.demoAdmin) });
    expect(stats.body.stats).toMatchObject({ administrators: expect.any(Number), instances: expect.any(Number), datasets: expect.any(Number) });
    expect(stats.body.stats.members).toBeGreaterThanOrEqual(4);
  });

  it('answers the admin documentation endpoints with the organization’s own data', async () => {
    const admin = await tokenFor(users.demoAdmin);
    const admins = await call('GET', '/api/organizations/org_demo/admin/admins', { token: admin });
    expect(admins.body.admins.map((a: { email: string }) => a.email)).toEqual(expect.arrayContaining([users.owner, users.demoAdmin]));
    expect(admins.body.admins.map((a: { email: string }) => a.email)).not.toContain(users.analyst);
    const settings = await call('GET', '/api/organizations/org_demo/admin/settings', { token: admin });
    expect(settings.body.data.organization.name).toBe('Demo Corp');
    const sources = await call('GET', '/api/organizations/org_demo/admin/data-sources', { token: admin });
    expect(sources.body.data.instances.map((i: { id: string }) => i.id)).toContain('inst_demo_prod');
    expect((await call('GET', '/api/organizations/org_demo/admin/nonsense', { token: admin })).status).toBe(404);
    const diagnostics = await call('PUT', '/api/organizations/org_demo/diagnostics', { token: admin, body: { enabled: true } });
    expect(diagnostics.body.organization.diagnostics_config).toEqual({ schema: 'org_demo_diagnostics', enabled: true });
  });
});
