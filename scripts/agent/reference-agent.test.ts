import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { agentClient } from '../../functions/adapters/agent/agent-client';
import { parseSodaScanResult } from '../../functions/domain/imports/soda';
import { AGENT_PATHS, agentDatasetsResponseSchema } from '../../shared/schemas/agent';
import * as z from 'zod';
import { startReferenceAgent, type ReferenceAgent } from './reference-agent';

const KEY = 'reference-agent-test-key-0123456789abcdef';

describe('reference agent', () => {
  let agent: ReferenceAgent;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'qd-agent-data-'));
  const trustDir = mkdtempSync(path.join(tmpdir(), 'qd-agent-trust-'));
  const client = agentClient({ timeoutMs: 5000, allowLoopback: true, trustDir });

  beforeAll(async () => {
    cpSync(path.resolve(import.meta.dirname, 'sample'), dataDir, { recursive: true });
    agent = await startReferenceAgent({ dataDir, stateDir: mkdtempSync(path.join(tmpdir(), 'qd-agent-state-')), port: 0, apiKey: KEY, trustDir });
  });
  afterAll(() => agent?.stop());

  it('serves its failed rows as a Soda scan result the import reads, row for row', async () => {
    const { datasets } = await client.get(agent.url, KEY, AGENT_PATHS.datasets, agentDatasetsResponseSchema);
    const customers = datasets.find((d) => d.id === 'customers')!;
    expect(customers.totalRecords).toBe(readFileSync(path.join(dataDir, 'customers.csv'), 'utf8').trim().split('\n').length - 1);
    const result = await client.get(agent.url, KEY, AGENT_PATHS.scanResult('customers'), z.record(z.string(), z.unknown()));
    const parsed = parseSodaScanResult(result, customers.recordKey);
    expect(parsed.failures).toHaveLength(customers.failedRows);
    expect(parsed.skipped).toEqual([]);
    // Zero-copy: a failed row carries the record key and the failing column only.
    const checks = (result as { checks: Array<{ failedRowsSample: { columns: string[] } }> }).checks;
    for (const check of checks) expect(check.failedRowsSample.columns).toHaveLength(2);
  });

  it('stays trusted when more agents drop their certificates into the same trust directory', async () => {
    // Every agent's certificate names localhost; a trust store looks self-signed certificates up by
    // subject, so each needs a subject of its own or only one of them is trusted.
    const others = await Promise.all(
      [1, 2].map(() => startReferenceAgent({ dataDir, stateDir: mkdtempSync(path.join(tmpdir(), 'qd-agent-state-')), port: 0, apiKey: KEY, trustDir })),
    );
    try {
      for (const a of [agent, ...others]) {
        expect((await client.get(a.url, KEY, AGENT_PATHS.datasets, agentDatasetsResponseSchema)).datasets.length).toBeGreaterThan(0);
      }
    } finally {
      await Promise.all(others.map((a) => a.stop()));
    }
  });

  it('runs the checks again when a file changes, and not otherwise', async () => {
    await client.get(agent.url, KEY, AGENT_PATHS.datasets, agentDatasetsResponseSchema);
    const before = agent.runs();
    await client.get(agent.url, KEY, AGENT_PATHS.datasets, agentDatasetsResponseSchema);
    expect(agent.runs()).toBe(before);
    const file = path.join(dataDir, 'customers.csv');
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    writeFileSync(file, [...lines, 'C9999,New Person,not-an-email,XX,gold,2025-01-01,-5'].join('\n') + '\n');
    const { datasets } = await client.get(agent.url, KEY, AGENT_PATHS.datasets, agentDatasetsResponseSchema);
    expect(agent.runs()).toBe(before + 1);
    expect(datasets.find((d) => d.id === 'customers')!.totalRecords).toBe(lines.length);
  });

  it('describes its protocol publicly and refuses data without the key', async () => {
    const doc = (await (await fetchInsecure(`${agent.url}/v1/openapi.json`)).json()) as { paths: Record<string, unknown>; info: { version: string } };
    expect(Object.keys(doc.paths)).toEqual(['/v1/capabilities', '/v1/datasets', '/v1/datasets/{datasetId}/scan-result']);
    expect(doc.info.version).toBe('1.0');
    expect((await fetchInsecure(`${agent.url}/v1/datasets`)).status).toBe(401);
  });
});

/** A GET that trusts the agent's self-signed certificate (test only). */
async function fetchInsecure(url: string): Promise<{ status: number; json(): Promise<unknown> }> {
  const { request } = await import('node:https');
  return new Promise((resolve, reject) => {
    request(url, { rejectUnauthorized: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: async () => JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
    })
      .on('error', reject)
      .end();
  });
}
