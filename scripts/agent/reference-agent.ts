import { randomBytes, timingSafeEqual, X509Certificate } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { generate } from 'selfsigned';
import * as z from 'zod';
import { checkSchema, type Check } from '../../shared/schemas/checks';
import {
  AGENT_PATHS,
  AGENT_PROTOCOL,
  AGENT_PROTOCOL_VERSION,
  agentDatasetIdSchema,
  type AgentCapabilitiesResponse,
  type AgentDataset,
} from '../../shared/schemas/agent';
import { agentProtocolOpenApi } from '../../shared/agent-openapi';
import { CheckRun, evaluateChecks } from '../../functions/domain/checks/engine';
import { readCsvRows } from '../../functions/domain/sources/csv-source';

// The reference agent (issue 14 §1): a small HTTPS server that runs Quality Desk's own check
// engine over a folder of CSV files and serves the agent protocol (shared/schemas/agent.ts). Each
// dataset is <id>.csv beside <id>.checks.json ({ name, recordKey, checks }). A dataset is checked
// again when either file changes; the latest run's failed rows are served as a Soda Core scan
// result with failed-row samples holding only the record key and the failing column: the rest of
// the customer's data never leaves the agent.

export const datasetChecksFileSchema = z.object({
  name: z.string().min(1).max(100).optional(),
  recordKey: z.string().min(1).max(128),
  checks: z.array(checkSchema).max(100),
});

export interface ReferenceAgentOptions {
  /** Folder of <id>.csv + <id>.checks.json. */
  dataDir: string;
  /** Where the certificate, its key and the API key are kept between starts. */
  stateDir: string;
  port: number;
  host?: string;
  /** Fixed API key (tests); otherwise read from / written to <stateDir>/api-key. */
  apiKey?: string;
  /** Also copy the certificate here as <fingerprint>.pem (the app's AGENT_TRUST_DIR). */
  trustDir?: string;
  /** Certificate validity (tests make an expired one). */
  certificate?: { notBefore: Date; notAfter: Date };
}

export interface ReferenceAgent {
  url: string;
  port: number;
  apiKey: string;
  certificatePem: string;
  fingerprint: string;
  /** Runs of the check engine so far (tests observe re-runs). */
  runs(): number;
  /** Drops connections in flight and stops listening. */
  stop(): Promise<void>;
}

interface DatasetRun {
  signature: string;
  dataset: AgentDataset;
  scanResult: unknown;
}

async function ensureCertificate(options: ReferenceAgentOptions): Promise<{ key: string; cert: string }> {
  const keyFile = path.join(options.stateDir, 'agent-key.pem');
  const certFile = path.join(options.stateDir, 'agent-cert.pem');
  if (!options.certificate && existsSync(keyFile) && existsSync(certFile)) {
    const cert = readFileSync(certFile, 'utf8');
    // A certificate that expired since the last start is replaced, not served.
    if (Date.parse(new X509Certificate(cert).validTo) > Date.now() + 86_400_000) return { key: readFileSync(keyFile, 'utf8'), cert };
  }
  const notBeforeDate = options.certificate?.notBefore ?? new Date(Date.now() - 60_000);
  const notAfterDate = options.certificate?.notAfter ?? new Date(Date.now() + 365 * 86_400_000);
  // A subject of its own: a trust store finds a self-signed certificate by its subject, and with
  // several agents' certificates under one name (all "localhost") only one of them was trusted.
  const pems = await generate([{ name: 'commonName', value: 'localhost' }, { shortName: 'OU', value: `Quality Desk reference agent ${randomBytes(8).toString('hex')}` }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate,
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', digitalSignature: true, keyCertSign: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }, { type: 7, ip: '127.0.0.1' }, { type: 7, ip: '::1' }] },
    ],
  });
  mkdirSync(options.stateDir, { recursive: true });
  if (!options.certificate) {
    writeFileSync(keyFile, pems.private, { mode: 0o600 });
    writeFileSync(certFile, pems.cert);
  }
  return { key: pems.private, cert: pems.cert };
}

function ensureApiKey(options: ReferenceAgentOptions): string {
  if (options.apiKey) return options.apiKey;
  const file = path.join(options.stateDir, 'api-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const key = `qdagent_${randomBytes(32).toString('base64url')}`;
  mkdirSync(options.stateDir, { recursive: true });
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}

/** A SodaCL-like line for a check, so the importer's dimension rules read it as Soda's. */
function definitionOf(check: Check): string {
  const c = check.column;
  switch (check.type) {
    case 'missing':
      return `missing_count(${c}) = 0`;
    case 'duplicate':
      return `duplicate_count(${c}) = 0`;
    case 'invalid_format':
      return `invalid_count(${c}) = 0: valid format: ${check.format}`;
    case 'regex':
      return `invalid_count(${c}) = 0: valid regex`;
    case 'allowed_values':
      return `invalid_count(${c}) = 0: valid values`;
    case 'range':
      return `invalid_count(${c}) = 0: valid min/max`;
    case 'length':
      return `invalid_count(${c}) = 0: valid length`;
    case 'reference':
      return `values in (${c}) must exist in reference`;
    case 'freshness':
      return `freshness(${c})`;
  }
}

async function runDataset(dataDir: string, id: string): Promise<Omit<DatasetRun, 'signature'>> {
  const spec = datasetChecksFileSchema.parse(JSON.parse(readFileSync(path.join(dataDir, `${id}.checks.json`), 'utf8')));
  const started = new Date();
  const run = new CheckRun(spec.checks, spec.recordKey, { now: started });
  const samples = new Map<string, unknown[][]>(spec.checks.map((c) => [c.name, []]));
  const rows = readCsvRows(createReadStream(path.join(dataDir, `${id}.csv`)), { recordKey: spec.recordKey });
  for await (const batch of evaluateChecks(rows, run, { batchSize: 2000 })) {
    for (const f of batch) samples.get(f.check.name)!.push([f.recordId, f.value]);
  }
  const finished = new Date();
  const counts = new Map(run.counts().map((c) => [c.name, c.failed]));
  const scanResult = {
    definitionName: id,
    defaultDataSource: 'reference_agent_csv',
    dataTimestamp: started.toISOString(),
    scanStartTimestamp: started.toISOString(),
    scanEndTimestamp: finished.toISOString(),
    hasErrors: false,
    hasWarnings: spec.checks.some((c) => c.severity === 'warn' && (counts.get(c.name) ?? 0) > 0),
    hasFailures: spec.checks.some((c) => c.severity !== 'warn' && (counts.get(c.name) ?? 0) > 0),
    /** Protocol 1.0: the samples hold every failed row of the run (the sync resolves rows that pass). */
    failedRowsComplete: true,
    checks: spec.checks.map((check) => {
      const failed = counts.get(check.name) ?? 0;
      return {
        name: check.name,
        type: 'generic',
        definition: `checks for ${id}:\n  - ${definitionOf(check)}`,
        table: id,
        column: check.column,
        outcome: failed === 0 ? 'pass' : check.severity === 'warn' ? 'warn' : 'fail',
        diagnostics: { value: failed },
        failedRowsSample: { columns: [spec.recordKey, check.column], rows: samples.get(check.name)! },
      };
    }),
  };
  const failedRows = [...counts.values()].reduce((a, b) => a + b, 0);
  return { dataset: { id, name: spec.name ?? id, recordKey: spec.recordKey, totalRecords: run.rows, failedRows, lastRunAt: finished.toISOString() }, scanResult };
}

export async function startReferenceAgent(options: ReferenceAgentOptions): Promise<ReferenceAgent> {
  const { key, cert } = await ensureCertificate(options);
  const apiKey = ensureApiKey(options);
  const fingerprint = new X509Certificate(cert).fingerprint256.replace(/:/g, '').toLowerCase();
  if (options.trustDir) {
    mkdirSync(options.trustDir, { recursive: true });
    writeFileSync(path.join(options.trustDir, `reference-agent-${fingerprint.slice(0, 16)}.pem`), cert);
  }
  const expected = Buffer.from(`Bearer ${apiKey}`);
  const cache = new Map<string, DatasetRun>();
  const running = new Map<string, Promise<DatasetRun>>();
  let runs = 0;

  const datasetIds = () =>
    readdirSync(options.dataDir)
      .filter((f) => f.endsWith('.checks.json'))
      .map((f) => f.slice(0, -'.checks.json'.length))
      .filter((id) => agentDatasetIdSchema.safeParse(id).success && existsSync(path.join(options.dataDir, `${id}.csv`)))
      .sort();

  const latest = async (id: string): Promise<DatasetRun> => {
    const files = [`${id}.csv`, `${id}.checks.json`].map((f) => statSync(path.join(options.dataDir, f)));
    const signature = files.map((s) => `${s.size}:${s.mtimeMs}`).join('|');
    const cached = cache.get(id);
    if (cached?.signature === signature) return cached;
    const pending = running.get(id);
    if (pending) return pending;
    const work = runDataset(options.dataDir, id)
      .then((r) => {
        runs++;
        const done = { ...r, signature };
        cache.set(id, done);
        return done;
      })
      .finally(() => running.delete(id));
    running.set(id, work);
    return work;
  };

  const server: Server = createServer({ key, cert }, (req, res) => {
    const send = (status: number, body: unknown) => {
      const text = JSON.stringify(body);
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(text);
    };
    const url = new URL(req.url ?? '/', 'https://agent');
    // The protocol's own description is public: it holds no data.
    if (req.method === 'GET' && url.pathname === '/v1/openapi.json') return send(200, agentProtocolOpenApi());
    const auth = Buffer.from(req.headers.authorization ?? '');
    if (auth.length !== expected.length || !timingSafeEqual(auth, expected)) return send(401, { error: 'invalid API key' });
    if (req.method !== 'GET') return send(405, { error: 'method not allowed' });
    void (async () => {
      try {
        if (url.pathname === AGENT_PATHS.capabilities) {
          const body: AgentCapabilitiesResponse = {
            protocol: AGENT_PROTOCOL,
            version: AGENT_PROTOCOL_VERSION,
            agent: { name: 'Quality Desk reference agent', version: '1.0.0' },
            // No audit log, no customer key handling, one process: it says so.
            capabilities: { auditLogging: false, byokSupported: false, shardingSupported: false },
          };
          return send(200, body);
        }
        if (url.pathname === AGENT_PATHS.datasets) {
          const datasets = [];
          for (const id of datasetIds()) datasets.push((await latest(id)).dataset);
          return send(200, { datasets });
        }
        const match = /^\/v1\/datasets\/([^/]+)\/scan-result$/.exec(url.pathname);
        if (match) {
          const id = decodeURIComponent(match[1]!);
          if (!datasetIds().includes(id)) return send(404, { error: 'dataset not found' });
          return send(200, (await latest(id)).scanResult);
        }
        return send(404, { error: 'not found' });
      } catch (error) {
        send(500, { error: (error as Error).message.slice(0, 300) });
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `https://localhost:${port}`,
    port,
    apiKey,
    certificatePem: cert,
    fingerprint,
    runs: () => runs,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
