import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { LOGIN_MAX_FAILURES } from '../../shared/constants';
import { API_THROTTLE, WAF_LIMITS } from '../../shared/rate-limits';
import { cpSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { items } from '../../functions/adapters/dynamodb/items';
import * as keys from '../../functions/adapters/dynamodb/keys';
import { startReferenceAgent, type ReferenceAgent } from '../../scripts/agent/reference-agent';
import { call } from '../support/api';
import { tableDoc } from '../support/demo';
import { createMember } from '../support/fixtures';

// Settings › System & Security made real (issue 14 §5): the security panel from configuration and
// the local key file, the Health Check's live probes, in an organization of its own.

const run = Date.now().toString(36);
const ORG = `org_sys_${run}`;
const INSTANCE = `inst_sys_${run}`;
const ADMIN = `admin.${run}@sys-test.example`;
const MEMBER = `member.${run}@sys-test.example`;
const PASSWORD = 'System#Test2026x';
const API_KEY = `system-integration-key-${run}-0123456789abcdef`;

const tokens = new Map<string, string>();
async function signIn(email: string): Promise<string> {
  if (!tokens.has(email)) {
    const res = await call('POST', '/api/auth/login', { body: { email, password: PASSWORD } });
    expect(res.status).toBe(200);
    tokens.set(email, res.body.token as string);
  }
  return tokens.get(email)!;
}
const as = async (email: string, method: string, url: string, body?: unknown) => call(method, url, { token: await signIn(email), body, instanceId: INSTANCE });

let agent: ReferenceAgent | undefined;

beforeAll(async () => {
  const { doc, table } = tableDoc();
  const now = new Date().toISOString();
  await doc.send(new PutCommand({ TableName: table, Item: items.organization({ id: ORG, name: `System Test ${run}`, type: 'admin', slug: ORG.slice(4), domain: 'sys-test.example', domains: ['sys-test.example'], subscription: 'enterprise', status: 'active', createdAt: now }) }));
  await doc.send(new PutCommand({ TableName: table, Item: items.instance({ id: INSTANCE, organizationId: ORG, name: 'System instance', type: 'production', warehouseType: 'mock', description: 'system tab test', createdBy: ADMIN, status: 'active', createdAt: now }) }));
  await createMember({ email: ADMIN, password: PASSWORD, organizationId: ORG, role: 'admin', isOrgAdmin: true, instances: [INSTANCE] });
  await createMember({ email: MEMBER, password: PASSWORD, organizationId: ORG, role: 'user', instances: [INSTANCE] });
});
afterAll(async () => {
  await agent?.stop();
});

describe('GET /api/system/security', () => {
  it('states the algorithm, the policy and the local key as the key file reports it', async () => {
    const res = await as(ADMIN, 'GET', '/api/system/security');
    expect(res.status).toBe(200);
    expect(res.body.encryption).toMatchObject({ algorithm: 'AES-256-GCM', rotationPolicyDays: 90 });
    const keyFile = inject('stackEnv').LOCAL_KEY_FILE!;
    expect(res.body.encryption.stageKey).toMatchObject({ provider: 'local-key-file', status: 'active', rotationEnabled: false, lastRotation: statSync(keyFile).mtime.toISOString() });
    expect(res.body.encryption.stageKey.keyId).toMatch(/^local:[0-9a-f]{16}$/);
    expect(res.body.byok).toEqual({ enabled: false, keyArn: null, key: null });
    expect(res.body.sealedSecrets).toEqual([]);
    // Rate limits as configured: the sign-in budgets this stack enforces (its own per-address
    // budget included), API Gateway and WAF limits listed as applying to deployed stages only.
    const limits = res.body.rateLimits as Array<{ name: string; limit: number; enforcedHere: boolean; deployedOnly: boolean }>;
    expect(limits.find((l) => l.name === 'API requests')).toMatchObject({ limit: API_THROTTLE.ratePerSecond, deployedOnly: true, enforcedHere: false });
    expect(limits.find((l) => l.name === 'Sign-in calls')).toMatchObject({ limit: WAF_LIMITS.signInPerIp, enforcedHere: false });
    expect(limits.find((l) => l.name === 'Wrong passwords')).toMatchObject({ limit: LOGIN_MAX_FAILURES, enforcedHere: true });
    expect(limits.find((l) => l.name === 'Failed sign-ins')).toMatchObject({ limit: Number(process.env.LOGIN_SOURCE_MAX_ATTEMPTS), enforcedHere: true });
  });

  it('is for administrators only', async () => {
    const res = await as(MEMBER, 'GET', '/api/system/security');
    expect(res.status).toBe(403);
  });

  it('reads a registered customer key from its keeper (locally the key file) and lists the sealed agent key', async () => {
    const { doc, table } = tableDoc();
    const arn = 'arn:aws:kms:eu-west-1:123456789012:key/1234abcd-12ab-34cd-56ef-1234567890ab';
    await doc.send(
      new UpdateCommand({ TableName: table, Key: keys.organization(ORG), UpdateExpression: 'SET byok = :b', ExpressionAttributeValues: { ':b': { kmsKeyArn: arn, lastRotation: '2020-01-01T00:00:00.000Z', status: 'active' } } }),
    );
    const dataDir = mkdtempSync(path.join(tmpdir(), 'qd-sys-agent-'));
    cpSync(path.resolve(import.meta.dirname, '../../scripts/agent/sample'), dataDir, { recursive: true });
    agent = await startReferenceAgent({ dataDir, stateDir: mkdtempSync(path.join(tmpdir(), 'qd-sys-agent-state-')), port: 0, apiKey: API_KEY, trustDir: inject('stackEnv').AGENT_TRUST_DIR });
    const configured = await as(ADMIN, 'POST', `/api/organizations/${ORG}/soda-agent/configure`, { sodaAgentEndpoint: agent.url, apiKey: API_KEY, instanceId: INSTANCE, byokEnabled: true });
    expect(configured.status).toBe(200);

    const res = await as(ADMIN, 'GET', '/api/system/security');
    expect(res.body.byok).toMatchObject({ enabled: true, keyArn: arn, key: { provider: 'local-key-file', status: 'active' } });
    // The stored record said 2020; the key's keeper says otherwise, and it is believed.
    expect(res.body.byok.key.lastRotation).not.toBe('2020-01-01T00:00:00.000Z');
    expect(res.body.sealedSecrets).toEqual([{ name: 'Soda Agent API key', keyProvider: 'local', keyId: res.body.encryption.stageKey.keyId, sealedAt: expect.any(String), byok: true }]);
    expect(JSON.stringify(res.body)).not.toContain(API_KEY);

    const superAdmin = (await call('POST', '/api/auth/login', { body: { email: 'super.admin@qualitydesk.dev', password: 'Admin#Quality2026' } })).body.token as string;
    const byok = await call('GET', '/api/organizations/byok', { token: superAdmin });
    expect(byok.body.accounts.find((a: { id: string }) => a.id === ORG)).toMatchObject({ keyArn: arn, status: 'active', keyRotation: res.body.byok.key.lastRotation });
  });
});

describe('Health Check: GET /api/system/status?check=full', () => {
  it('is for administrators only; the periodic status stays open to every member', async () => {
    expect((await as(MEMBER, 'GET', '/api/system/status?check=full')).status).toBe(403);
    expect((await as(MEMBER, 'GET', '/api/system/status')).status).toBe(200);
    expect((await as(ADMIN, 'GET', '/api/system/status?check=deep')).status).toBe(400);
  });

  it('checks the table and its indexes, the user pool, the queue, the keys and calls the agent live', async () => {
    expect(agent).toBeDefined();
    const res = await as(ADMIN, 'GET', '/api/system/status?check=full');
    expect(res.status).toBe(200);
    expect(res.body.check).toBe('full');
    expect(Object.keys(res.body.services).sort()).toEqual(['agent', 'customer key (BYOK)', 'database', 'encryption key', 'identity', 'queue']);
    for (const name of ['database', 'identity', 'encryption key', 'customer key (BYOK)', 'agent']) {
      expect(['healthy', 'warning'], `${name}: ${JSON.stringify(res.body.services[name])}`).toContain(res.body.services[name].status);
    }

    await agent!.stop();
    agent = undefined;
    const down = await as(ADMIN, 'GET', '/api/system/status?check=full');
    expect(down.body.services.agent.status).toBe('error');
    expect(down.body.services.agent.message).toMatch(/^Agent unreachable: /);
    expect(down.body.summary.status).toBe('degraded');
    // The periodic status reads the last contact only: it does not notice until a sync fails.
    const quick = await as(ADMIN, 'GET', '/api/system/status');
    expect(quick.body.services.agent.status).toBe('healthy');
  });
});

describe('IP allowlist: /api/organizations/{orgId}/ip-allowlist', () => {
  const url = `/api/organizations/${ORG}/ip-allowlist`;

  it('starts empty (every address) and tells the caller their own address', async () => {
    const res = await as(ADMIN, 'GET', url);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, cidrs: [], yourIp: '127.0.0.1', yourIpAllowed: true, updatedAt: null, updatedBy: null });
    expect((await as(MEMBER, 'GET', url)).status).toBe(403);
    expect((await as(MEMBER, 'PUT', url, { cidrs: [] })).status).toBe(403);
  });

  it('names a bad range by its position', async () => {
    const res = await as(ADMIN, 'PUT', url, { cidrs: ['127.0.0.1/32', 'intranet'] });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: 'cidrs.1', message: '"intranet" is not an IP address or CIDR range' }]);
  });

  it('refuses, unconfirmed, a list that would lock out the admin saving it; saves one that keeps them in, with an audit entry', async () => {
    const refused = await as(ADMIN, 'PUT', url, { cidrs: ['10.0.0.0/8'] });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/^Your IP address \(127\.0\.0\.1\) is not in this allowlist: saving it would lock you out/);
    expect(refused.body.details).toEqual([{ field: 'confirmLockout', message: 'your address 127.0.0.1 is not in the list' }]);
    expect((await as(ADMIN, 'GET', url)).body.cidrs).toEqual([]);

    const saved = await as(ADMIN, 'PUT', url, { cidrs: ['10.0.0.0/8', '127.0.0.0/8'] });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ cidrs: ['10.0.0.0/8', '127.0.0.0/8'], yourIpAllowed: true, updatedBy: ADMIN });
    expect((await as(MEMBER, 'GET', '/api/users/me')).status).toBe(200);
    const audit = await as(ADMIN, 'GET', `/api/organizations/${ORG}/audit`);
    expect(audit.body.entries[0]).toMatchObject({ action: 'organization.ip_allowlist', actor: ADMIN, before: { ipAllowlist: null }, after: { ipAllowlist: { cidrs: ['10.0.0.0/8', '127.0.0.0/8'] } } });
  });

  it('once confirmed, refuses every call of the organization from elsewhere with a clear 403, until a super admin clears it', async () => {
    const saved = await as(ADMIN, 'PUT', url, { cidrs: ['10.0.0.0/8'], confirmLockout: true });
    expect(saved.status).toBe(200);
    expect(saved.body.yourIpAllowed).toBe(false);
    for (const [who, path] of [
      [MEMBER, '/api/users/me'],
      [MEMBER, '/api/datasets'],
      [ADMIN, url],
      [ADMIN, '/api/system/security'],
    ] as const) {
      const res = await as(who, 'GET', path);
      expect(res.status, `${who} ${path}`).toBe(403);
      expect(res.body.error).toBe("Your IP address (127.0.0.1) is not in your organization's IP allowlist. Ask an administrator of your organization to add it.");
    }
    // Other organizations are not affected.
    const demo = (await call('POST', '/api/auth/login', { body: { email: 'admin@democorp.example', password: 'Demo#Quality2026' } })).body.token as string;
    expect((await call('GET', '/api/users/me', { token: demo })).status).toBe(200);

    const superAdmin = (await call('POST', '/api/auth/login', { body: { email: 'super.admin@qualitydesk.dev', password: 'Admin#Quality2026' } })).body.token as string;
    const cleared = await call('PUT', url, { token: superAdmin, body: { cidrs: [] } });
    expect(cleared.status).toBe(200);
    expect((await as(MEMBER, 'GET', '/api/users/me')).status).toBe(200);
  });
});
