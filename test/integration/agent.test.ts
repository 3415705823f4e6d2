import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { items } from '../../functions/adapters/dynamodb/items';
import * as keys from '../../functions/adapters/dynamodb/keys';
import { startReferenceAgent, type ReferenceAgent } from '../../scripts/agent/reference-agent';
import { AGENT_DENIED } from '../../shared/schemas/agent';
import { call } from '../support/api';
import { tableDoc } from '../support/demo';
import { createMember, recount } from '../support/fixtures';

// The agent connector end to end (issue 14): the reference agent on a free port, the routes of
// spec 2 §7.2 against the local stack, in an organization of its own.

const run = Date.now().toString(36);
const ORG = `org_agent_${run}`;
const INSTANCE = `inst_agent_${run}`;
const ADMIN = `admin.${run}@agent-test.example`;
const MEMBER = `member.${run}@agent-test.example`;
const PASSWORD = 'Agent#Test2026x';
const API_KEY = `agent-integration-key-${run}-0123456789abcdef`;
const base = `/api/organizations/${ORG}/soda-agent`;

let agent: ReferenceAgent;
let agentState: string;
const dataDir = mkdtempSync(path.join(tmpdir(), 'qd-agent-it-'));
const tokens = new Map<string, string>();

async function signIn(email: string): Promise<string> {
  if (!tokens.has(email)) {
    const res = await call('POST', '/api/auth/login', { body: { email, password: PASSWORD } });
    expect(res.status).toBe(200);
    tokens.set(email, res.body.token as string);
  }
  return tokens.get(email)!;
}
const asAdmin = async (method: string, url: string, body?: unknown) => call(method, url, { token: await signIn(ADMIN), body, instanceId: INSTANCE });
const configure = (endpoint = agent.url, apiKey = API_KEY) => asAdmin('POST', `${base}/configure`, { sodaAgentEndpoint: endpoint, apiKey, instanceId: INSTANCE });
const datasets = async () => (await asAdmin('GET', '/api/datasets')).body.datasets as Array<{ id: string; origin: string; openIssues: number; resolvedIssues: number; mutedIssues: number }>;
/**
 * Configure and Sync now answer at once and sync in the background: waits until the status no
 * longer shows a running sync, and answers the result it left (lastSync).
 */
async function settled(): Promise<{ at: string; status: string; error?: string; datasets: Array<{ id: string; failedRows: number; newIssues: number; resolvedBySync: number; error?: string }> }> {
  let body: { syncing: unknown; lastSync: Awaited<ReturnType<typeof settled>> } | undefined;
  await expect
    .poll(async () => {
      body = (await asAdmin('GET', `${base}/status`)).body;
      return body?.syncing;
    }, { timeout: 90_000, interval: 250 })
    .toBeNull();
  return body!.lastSync;
}
const openRows = async () => (await asAdmin('GET', '/api/customers/failed_rows?limit=200')).body as { data: Array<{ issue_id: string; record_id: string; check_name: string; version: number }>; counts: { open: number; resolved: number; muted: number } };

beforeAll(async () => {
  const { doc, table } = tableDoc();
  const now = new Date().toISOString();
  await doc.send(new PutCommand({ TableName: table, Item: items.organization({ id: ORG, name: `Agent Test ${run}`, type: 'admin', slug: ORG.slice(4), domain: 'agent-test.example', domains: ['agent-test.example'], subscription: 'enterprise', status: 'active', createdAt: now }) }));
  await doc.send(new PutCommand({ TableName: table, Item: items.instance({ id: INSTANCE, organizationId: ORG, name: 'Agent instance', type: 'production', warehouseType: 'mock', description: 'agent connector test', createdBy: ADMIN, status: 'active', createdAt: now }) }));
  await createMember({ email: ADMIN, password: PASSWORD, organizationId: ORG, role: 'admin', isOrgAdmin: true });
  await createMember({ email: MEMBER, password: PASSWORD, organizationId: ORG, role: 'user', instances: [INSTANCE] });
  cpSync(path.resolve(import.meta.dirname, '../../scripts/agent/sample'), dataDir, { recursive: true });
  agentState = mkdtempSync(path.join(tmpdir(), 'qd-agent-state-'));
  // The stack trusts certificates in AGENT_TRUST_DIR: the reference agent drops its own there.
  agent = await startReferenceAgent({ dataDir, stateDir: agentState, port: 0, apiKey: API_KEY, trustDir: inject('stackEnv').AGENT_TRUST_DIR });
});
afterAll(async () => {
  await agent?.stop();
});

describe('agent connector permissions and validation', () => {
  it('refuses members without the admin permission with the spec message', async () => {
    const res = await call('GET', `${base}/config`, { token: await signIn(MEMBER) });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(AGENT_DENIED);
  });

  it.each([
    [{ sodaAgentEndpoint: 'http://agent.example', apiKey: 'k'.repeat(40) }, 'sodaAgentEndpoint'],
    [{ sodaAgentEndpoint: 'not a url', apiKey: 'k'.repeat(40) }, 'sodaAgentEndpoint'],
    [{ sodaAgentEndpoint: 'https://agent.example', apiKey: 'k'.repeat(31) }, 'apiKey'],
  ])('answers 400 naming the field for %j', async (body, field) => {
    const res = await asAdmin('POST', `${base}/test`, body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.details)).toContain(field);
  });
});

describe('POST …/soda-agent/test', () => {
  it('lists the agent’s datasets', async () => {
    const res = await asAdmin('POST', `${base}/test`, { sodaAgentEndpoint: agent.url, apiKey: API_KEY });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, capabilities: { auditLogging: false, byokSupported: false, shardingSupported: false } });
    expect(res.body.availableDatasets.map((d: { id: string }) => d.id)).toEqual(['customers']);
  });

  it.each([
    ['a wrong key', () => ({ sodaAgentEndpoint: agent.url, apiKey: 'x'.repeat(40) }), /refused the API key/],
    ['the cloud metadata address', () => ({ sodaAgentEndpoint: 'https://169.254.169.254', apiKey: API_KEY }), /not allowed: .*link-local/],
    ['a private address', () => ({ sodaAgentEndpoint: 'https://10.0.0.7:8443', apiKey: API_KEY }), /not allowed/],
    ['a private address mapped into IPv6', () => ({ sodaAgentEndpoint: 'https://[::ffff:192.168.1.1]', apiKey: API_KEY }), /not allowed/],
  ])('answers "Connection failed" with a clear error for %s', async (_name, body, error) => {
    const res = await asAdmin('POST', `${base}/test`, body());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, message: 'Connection failed', availableDatasets: [] });
    expect(res.body.error).toMatch(error);
  });
});

describe('configure, sync, disconnect, reconnect, delete', () => {
  let failedRows = 0;

  it('configures: the agent’s datasets appear with their failed rows, the key is stored only sealed', async () => {
    const res = await configure();
    expect(res.status).toBe(200);
    expect(res.body.syncing).toMatchObject({ by: ADMIN });
    expect(res.body.config.syncing).toEqual(res.body.syncing);
    const sync = await settled();
    expect(sync.status).toBe('succeeded');
    expect(sync.at >= res.body.syncing.since).toBe(true);
    failedRows = sync.datasets[0]!.failedRows;
    expect(failedRows).toBeGreaterThan(0);
    expect(JSON.stringify(res.body)).not.toContain(API_KEY);

    const listed = (await datasets()).find((d) => d.id === 'customers')!;
    expect(listed).toMatchObject({ origin: 'agent', openIssues: failedRows });
    expect(await recount('customers', INSTANCE, ORG)).toEqual({ open: failedRows, resolved: 0, muted: 0 });

    const config = await asAdmin('GET', `${base}/config`);
    expect(config.body.config).toMatchObject({ configured: true, connected: true, apiKeyHint: `••••${API_KEY.slice(-4)}`, diagnosticsSchema: `soda_diagnostics_org_agent_${run}`, encryption: { algorithm: 'AES-256-GCM', keyProvider: 'local' } });
    expect(JSON.stringify(config.body)).not.toContain(API_KEY);

    const { doc, table } = tableDoc();
    const item = (await doc.send(new GetCommand({ TableName: table, Key: keys.agentConfig(ORG) }))).Item!;
    expect(JSON.stringify(item)).not.toContain(API_KEY);
    expect(item.apiKey).toMatchObject({ v: 1, alg: 'AES-256-GCM', provider: 'local' });
  });

  it('reports status and capabilities', async () => {
    const res = await asAdmin('GET', `${base}/status`);
    expect(res.body).toMatchObject({ success: true, status: { connected: true, endpoint: agent.url, encryptionEnabled: true, byokEnabled: false }, capabilities: { auditLogging: false } });
  });

  it('re-syncs idempotently; rows that pass are resolved by the sync, triaged rows keep their state', async () => {
    const again = await asAdmin('POST', `${base}/sync`);
    expect(again.status).toBe(202);
    expect((await settled()).datasets[0]).toMatchObject({ failedRows, newIssues: 0, resolvedBySync: 0 });
    expect(await recount('customers', INSTANCE, ORG)).toEqual({ open: failedRows, resolved: 0, muted: 0 });

    // Someone resolves one row by hand; at the source another row is fixed.
    const rows = (await openRows()).data;
    const triaged = rows[0]!;
    const resolved = await asAdmin('POST', `/api/customers/resolve/${triaged.issue_id}`, { resolution: { method: 'manual_fix' }, version: triaged.version });
    expect(resolved.status).toBe(200);
    const fixedAtSource = rows.find((r) => r.record_id !== triaged.record_id && r.check_name === 'Customers have an e-mail')!;
    const file = path.join(dataDir, 'customers.csv');
    const lines = readFileSync(file, 'utf8').split('\n');
    const at = lines.findIndex((l) => l.startsWith(`${fixedAtSource.record_id},`));
    const cells = lines[at]!.split(',');
    cells[2] = `fixed.${run}@example.com`;
    lines[at] = cells.join(',');
    writeFileSync(file, lines.join('\n'));

    expect((await asAdmin('POST', `${base}/sync`)).status).toBe(202);
    expect((await settled()).datasets[0]).toMatchObject({ newIssues: 0, resolvedBySync: 1 });
    const counts = await recount('customers', INSTANCE, ORG);
    expect(counts).toEqual({ open: failedRows - 2, resolved: 2, muted: 0 });
    const listed = (await datasets()).find((d) => d.id === 'customers')!;
    expect({ open: listed.openIssues, resolved: listed.resolvedIssues, muted: listed.mutedIssues }).toEqual(counts);
    failedRows -= 1;
  });

  it('leaves nothing half-imported when the agent goes down mid-sync', async () => {
    const before = await recount('customers', INSTANCE, ORG);
    const dying = await dyingAgent(agentState, agent.certificatePem);
    try {
      const res = await configure(dying.url);
      expect(res.status).toBe(200);
      const sync = await settled();
      expect(sync.status).toBe('failed');
      expect(sync.datasets[0]!.error).toMatch(/closed the connection|could not be reached/);
      expect(await recount('customers', INSTANCE, ORG)).toEqual(before);
      const listed = (await datasets()).find((d) => d.id === 'customers')!;
      expect({ open: listed.openIssues, resolved: listed.resolvedIssues, muted: listed.mutedIssues }).toEqual(before);
      expect((await asAdmin('GET', `${base}/status`)).body.status.connected).toBe(false);
    } finally {
      await closeServer(dying.server);
    }
    expect((await configure()).status).toBe(200);
    expect((await settled()).status).toBe('succeeded');
  });

  it('runs one sync at a time: Sync now while one runs answers that one', async () => {
    // An agent that holds its scan result: the first sync cannot end before it is let go.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const slow = await dyingAgent(agentState, agent.certificatePem, held);
    try {
      const started = await configure(slow.url);
      expect(started.status).toBe(200);
      const [first, second] = await Promise.all([asAdmin('POST', `${base}/sync`), asAdmin('POST', `${base}/sync`)]);
      expect([first.status, second.status]).toEqual([202, 202]);
      expect(first.body.syncing).toEqual(started.body.syncing);
      expect(second.body.syncing).toEqual(started.body.syncing);
      expect((await asAdmin('GET', `${base}/status`)).body.syncing).toEqual(started.body.syncing);
    } finally {
      release();
      await settled();
      await closeServer(slow.server);
    }
    expect((await configure()).status).toBe(200);
    expect((await settled()).status).toBe('succeeded');
  });

  it('gives up a sync whose worker died once its lease has run out', async () => {
    // A claim left behind by a worker that never finished (its lease ended a minute ago).
    const stale = { since: new Date(Date.now() - 16 * 60_000).toISOString(), by: ADMIN, leaseUntil: new Date(Date.now() - 60_000).toISOString() };
    const { doc, table } = tableDoc();
    await doc.send(new UpdateCommand({ TableName: table, Key: keys.agentConfig(ORG), UpdateExpression: 'SET syncing = :s', ExpressionAttributeValues: { ':s': stale } }));
    expect((await asAdmin('GET', `${base}/status`)).body.syncing).toBeNull();
    const res = await asAdmin('POST', `${base}/sync`);
    expect(res.status).toBe(202);
    expect(res.body.syncing.since > stale.since).toBe(true);
    expect((await settled()).status).toBe('succeeded');
  });

  it('refuses to configure an agent that does not answer', async () => {
    const res = await configure(agent.url, 'y'.repeat(40));
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('The agent refused the API key');
  });

  it('disconnect hides the agent’s datasets; reconnecting brings them back with their triage', async () => {
    const before = await recount('customers', INSTANCE, ORG);
    const res = await asAdmin('DELETE', `${base}/disconnect`);
    expect(res.status).toBe(200);
    expect((await datasets()).map((d) => d.id)).not.toContain('customers');
    expect((await asAdmin('GET', '/api/customers/failed_rows')).status).toBe(404);
    expect((await asAdmin('GET', `${base}/status`)).body.status.connected).toBe(false);
    expect((await asAdmin('POST', `${base}/sync`)).status).toBe(409);

    expect((await configure()).status).toBe(200);
    await settled();
    expect((await datasets()).map((d) => d.id)).toContain('customers');
    expect(await recount('customers', INSTANCE, ORG)).toEqual(before);
  });

  it('delete removes the configuration and its sealed key; the audit log names each step without the key', async () => {
    const res = await asAdmin('DELETE', base);
    expect(res.status).toBe(200);
    expect((await asAdmin('GET', `${base}/config`)).body.config).toMatchObject({ configured: false, apiKeyHint: null });
    expect((await datasets()).map((d) => d.id)).not.toContain('customers');
    const audit = await asAdmin('GET', `/api/organizations/${ORG}/audit`);
    const actions = JSON.stringify(audit.body);
    for (const action of ['agent.configure', 'agent.disconnect', 'agent.delete']) expect(actions).toContain(action);
    expect(actions).not.toContain(API_KEY);
  });
});

const closeServer = (server: Server) =>
  new Promise<void>((r) => {
    server.closeAllConnections();
    server.close(() => r());
  });

/**
 * An agent that lists its datasets, then drops the connection halfway through a scan result (at
 * once, or when `hold` settles).
 */
async function dyingAgent(stateDir: string, cert: string, hold?: Promise<void>): Promise<{ url: string; server: Server }> {
  const key = readFileSync(path.join(stateDir, 'agent-key.pem'), 'utf8');
  const server = createServer({ key, cert }, (req, res) => {
    if (req.url === '/v1/capabilities') return void res.end(JSON.stringify({ protocol: 'quality-desk-agent', version: '1.0', capabilities: { auditLogging: false, byokSupported: false, shardingSupported: false } }));
    if (req.url === '/v1/datasets') return void res.end(JSON.stringify({ datasets: [{ id: 'customers', name: 'Customers', recordKey: 'customer_id', totalRecords: 60, failedRows: 1, lastRunAt: null }] }));
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100000' });
    res.write('{"checks":[{"name":"Customers have an e-mail","column":"email","outcome":"fail","failedRowsSample":{"columns":["customer_id","email"],"rows":[["C0001",""],');
    if (hold) void hold.then(() => res.socket?.destroy());
    else setTimeout(() => res.socket?.destroy(), 50);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { url: `https://localhost:${(server.address() as AddressInfo).port}`, server };
}
