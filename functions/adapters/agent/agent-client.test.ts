import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer as createTlsServer } from 'node:https';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { agentCapabilitiesResponseSchema, agentDatasetsResponseSchema, AGENT_PATHS } from '../../../shared/schemas/agent';
import { startReferenceAgent, type ReferenceAgent } from '../../../scripts/agent/reference-agent';
import { AgentCallError } from '../../domain/agent/ports';
import { agentClient } from './agent-client';

const sample = path.resolve(import.meta.dirname, '../../../scripts/agent/sample');
const API_KEY = 'k'.repeat(40);
const dir = () => mkdtempSync(path.join(tmpdir(), 'qd-agent-'));

async function failureOf(promise: Promise<unknown>): Promise<AgentCallError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AgentCallError);
  return error as AgentCallError;
}

describe('agent client against the reference agent', () => {
  let agent: ReferenceAgent;
  let expired: ReferenceAgent;
  const trustDir = dir();
  const untrusted = dir();

  beforeAll(async () => {
    agent = await startReferenceAgent({ dataDir: sample, stateDir: dir(), port: 0, apiKey: API_KEY, trustDir });
    expired = await startReferenceAgent({
      dataDir: sample,
      stateDir: dir(),
      port: 0,
      apiKey: API_KEY,
      trustDir,
      certificate: { notBefore: new Date(Date.now() - 10 * 86_400_000), notAfter: new Date(Date.now() - 86_400_000) },
    });
  });
  afterAll(async () => {
    await agent?.stop();
    await expired?.stop();
  });

  const client = (overrides: Partial<Parameters<typeof agentClient>[0]> = {}) => agentClient({ timeoutMs: 3000, allowLoopback: true, trustDir, ...overrides });

  it('reads capabilities and datasets over HTTPS with the bearer key', async () => {
    const caps = await client().get(agent.url, API_KEY, AGENT_PATHS.capabilities, agentCapabilitiesResponseSchema);
    expect(caps).toMatchObject({ protocol: 'quality-desk-agent', version: '1.0' });
    const { datasets } = await client().get(agent.url, API_KEY, AGENT_PATHS.datasets, agentDatasetsResponseSchema);
    expect(datasets.map((d) => d.id)).toContain('customers');
  });

  it('names each way a call fails', async () => {
    expect(await failureOf(client().get(agent.url, 'w'.repeat(40), AGENT_PATHS.capabilities, agentCapabilitiesResponseSchema))).toMatchObject({ kind: 'unauthorized', message: 'The agent refused the API key' });
    expect(await failureOf(client({ trustDir: untrusted }).get(agent.url, API_KEY, AGENT_PATHS.capabilities, agentCapabilitiesResponseSchema))).toMatchObject({ kind: 'certificate', message: expect.stringMatching(/self-signed/) });
    expect(await failureOf(client().get(expired.url, API_KEY, AGENT_PATHS.capabilities, agentCapabilitiesResponseSchema))).toMatchObject({ kind: 'certificate', message: expect.stringMatching(/expired/) });
    expect(await failureOf(client({ allowLoopback: false }).get(agent.url, API_KEY, AGENT_PATHS.capabilities, agentCapabilitiesResponseSchema))).toMatchObject({ kind: 'forbidden', message: expect.stringMatching(/loopback/) });
    expect(await failureOf(client().get('https://169.254.169.254', API_KEY, AGENT_PATHS.capabilities, agentCapabilitiesResponseSchema))).toMatchObject({ kind: 'forbidden' });
  });

  it('reports a refused connection, a silent server (timeout) and a foreign protocol', async () => {
    const closed = createNetServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    expect(await failureOf(client().get(`https://localhost:${closedPort}`, API_KEY, AGENT_PATHS.capabilities, agentCapabilitiesResponseSchema))).toMatchObject({ kind: 'refused' });

    const silent = createNetServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
    const silentPort = (silent.address() as AddressInfo).port;
    expect(await failureOf(client({ timeoutMs: 400 }).get(`https://localhost:${silentPort}`, API_KEY, AGENT_PATHS.capabilities, agentCapabilitiesResponseSchema))).toMatchObject({ kind: 'timeout' });
    silent.close();

    // An HTTPS server with the trusted certificate that is not an agent (a web page).
    const keyDir = dir();
    const other = await startReferenceAgent({ dataDir: sample, stateDir: keyDir, port: 0, apiKey: API_KEY });
    await other.stop();
    const web = createTlsServer({ cert: other.certificatePem, key: (await import('node:fs')).readFileSync(path.join(keyDir, 'agent-key.pem')) }, (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>hello</html>');
    });
    await new Promise<void>((r) => web.listen(0, '127.0.0.1', () => r()));
    const webTrust = dir();
    writeFileSync(path.join(webTrust, 'web.pem'), other.certificatePem);
    const webUrl = `https://localhost:${(web.address() as AddressInfo).port}`;
    expect(await failureOf(client({ trustDir: webTrust }).get(webUrl, API_KEY, AGENT_PATHS.capabilities, agentCapabilitiesResponseSchema))).toMatchObject({ kind: 'protocol', message: expect.stringMatching(/not JSON/) });
    web.closeAllConnections();
    web.close();
  });
});
