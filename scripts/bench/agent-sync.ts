import { PutCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dynamoClient } from '../local/provision';
import { items } from '../../functions/adapters/dynamodb/items';
import type { AgentSyncSummary } from '../../shared/schemas/agent';
import type { Caller } from '../../functions/domain/tenancy/caller';
import type { OrganizationRecord } from '../../functions/domain/tenancy/records';
import { startReferenceAgent } from '../agent/reference-agent';
import { startBenchTable } from './bench-table';
import { line } from './measure';

// npm run bench -- agent-sync: 100,000 failed rows synced from the reference agent into the
// table through the connector (HTTPS call, Soda scan result, import path), then the same run synced
// again (idempotent: nothing new). Time and rows per second; counters checked against a recount.

const B = 'agent-sync';
const ROWS = 100_000;
const ORG = 'org_bench_agent';
const INSTANCE = 'inst_bench_agent';
const ADMIN = 'admin@bench-agent.example';
const API_KEY = 'bench-agent-key-0123456789abcdefghijklmnop';

/** Every row fails exactly one of four checks, in turn. */
function writeDataset(dir: string): void {
  const out: string[] = ['customer_id,email,country,amount'];
  for (let i = 0; i < ROWS; i++) {
    const id = `C${String(i).padStart(6, '0')}`;
    const k = i % 4;
    out.push([id, k === 0 ? '' : k === 3 ? `user${i}-at-example.com` : `user${i}@example.com`, k === 1 ? 'XX' : 'DE', k === 2 ? `-${(i % 97) + 1}.50` : `${(i % 997) + 1}.25`].join(','));
  }
  writeFileSync(path.join(dir, 'customers.csv'), `${out.join('\n')}\n`);
  writeFileSync(
    path.join(dir, 'customers.checks.json'),
    JSON.stringify({
      name: 'Customers',
      recordKey: 'customer_id',
      checks: [
        { type: 'missing', name: 'Customers have an e-mail', column: 'email' },
        { type: 'allowed_values', name: 'Country is one we ship to', column: 'country', values: ['DE', 'FR', 'NL'] },
        { type: 'range', name: 'Amount is not negative', column: 'amount', min: 0 },
        { type: 'invalid_format', name: 'E-mail is well formed', column: 'email', format: 'email' },
      ],
    }),
  );
}

export async function run(): Promise<boolean> {
  const work = mkdtempSync(path.join(tmpdir(), 'qd-bench-agent-'));
  const bench = await startBenchTable('quality-desk-bench-agent', {
    // Local mode: the key file stands in for KMS and the reference agent may be on loopback.
    COGNITO_ENDPOINT: 'http://127.0.0.1:9',
    LOCAL_KEY_FILE: path.join(work, 'local-kms.key'),
    AGENT_TRUST_DIR: path.join(work, 'trusted'),
    AGENT_ALLOW_LOOPBACK: 'true',
    AGENT_TIMEOUT_MS: '120000',
  });
  const dataDir = path.join(work, 'datasets');
  let agent: Awaited<ReturnType<typeof startReferenceAgent>> | undefined;
  try {
    const { mkdirSync } = await import('node:fs');
    mkdirSync(dataDir);
    writeDataset(dataDir);
    agent = await startReferenceAgent({ dataDir, stateDir: path.join(work, 'agent'), port: 0, apiKey: API_KEY, trustDir: path.join(work, 'trusted') });

    const now = new Date().toISOString();
    const org: OrganizationRecord = { id: ORG, name: 'Bench Agent', type: 'admin', slug: 'bench_agent', domain: 'bench-agent.example', domains: ['bench-agent.example'], subscription: 'enterprise', status: 'active', createdAt: now };
    const doc = DynamoDBDocumentClient.from(dynamoClient(bench.endpoint), { marshallOptions: { removeUndefinedValues: true } });
    await doc.send(new PutCommand({ TableName: bench.table, Item: items.organization(org) }));
    await doc.send(new PutCommand({ TableName: bench.table, Item: items.instance({ id: INSTANCE, organizationId: ORG, name: 'Bench', type: 'production', warehouseType: 'mock', description: 'bench', createdBy: ADMIN, status: 'active', createdAt: now }) }));

    const { configureAgent, runClaimedSync, syncAgent } = await import('../../functions/domain/agent/connector');
    const { connectorDeps } = await import('../../functions/http/agent/deps');
    const { tenancyRepository } = await import('../../functions/adapters/dynamodb/tenancy-repository');
    const caller = { email: ADMIN } as Caller;

    // The agent's own check run is not ours to time: warm it before the clock starts.
    const warm = performance.now();
    await fetchDatasets(agent.url);
    line(B, { metric: 'agent-check-run', rows: ROWS, seconds: round((performance.now() - warm) / 1000) });

    // Configure answers at once and starts the first sync in the background; the launcher here
    // runs it in this process, and the clock stops when it has ended.
    const started = performance.now();
    let launched: Promise<AgentSyncSummary> | undefined;
    const launcher = { launch: async (_org: string, by: string) => void (launched = runClaimedSync(connectorDeps(), org, by)) };
    await configureAgent({ ...connectorDeps(), launcher }, org, INSTANCE, { sodaAgentEndpoint: agent.url, apiKey: API_KEY, encryptionEnabled: true, byokEnabled: false, shardingEnabled: false }, caller);
    if (!launched) throw new Error('configure started no sync');
    const sync = await launched;
    const seconds = (performance.now() - started) / 1000;
    const first = sync.datasets[0]!;
    line(B, { metric: 'first-sync', failedRows: first.failedRows, newIssues: first.newIssues, errors: sync.datasets.filter((d) => d.error).length, seconds: round(seconds), rowsPerSecond: Math.round(first.failedRows / seconds) });

    const againStarted = performance.now();
    const again = await syncAgent(connectorDeps(), org);
    const againSeconds = (performance.now() - againStarted) / 1000;
    const second = again.datasets[0]!;
    line(B, { metric: 're-sync', failedRows: second.failedRows, newIssues: second.newIssues, updatedIssues: second.updatedIssues, resolvedBySync: second.resolvedBySync, errors: again.datasets.filter((d) => d.error).length, seconds: round(againSeconds), rowsPerSecond: Math.round(second.failedRows / againSeconds) });

    const [listed] = await tenancyRepository.listDatasets(ORG, INSTANCE);
    const exact = listed?.counts.open === ROWS && first.failedRows === ROWS && second.newIssues === 0;
    line(B, { metric: 'counts', open: listed?.counts.open ?? 0, expected: ROWS, exact });
    return exact && sync.status === 'succeeded' && again.status === 'succeeded';
  } finally {
    await agent?.stop();
    await bench.stop();
    rmSync(work, { recursive: true, force: true });
  }

  async function fetchDatasets(url: string): Promise<void> {
    const { agentClient } = await import('../../functions/adapters/agent/agent-client');
    const { agentDatasetsResponseSchema } = await import('../../shared/schemas/agent');
    await agentClient({ timeoutMs: 120_000, allowLoopback: true, trustDir: path.join(work, 'trusted') }).get(url, API_KEY, '/v1/datasets', agentDatasetsResponseSchema);
  }
}

const round = (n: number) => Math.round(n * 100) / 100;
