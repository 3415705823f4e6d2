import { cpSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startReferenceAgent } from './reference-agent';

// `npm run agent [-- --port 8443 --data DIR]`: the reference agent on https://localhost:<port>.
// First start: copies the sample datasets into .data/agent/datasets, generates a self-signed
// certificate and an API key (kept in .data/agent), and drops the certificate into
// .data/agent/trusted, which `npm start` trusts for agent calls.

const root = path.resolve(import.meta.dirname, '..', '..');
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.AGENT_PORT ?? '8443' },
    data: { type: 'string' },
    state: { type: 'string', default: path.join(root, '.data', 'agent') },
  },
});
const stateDir = path.resolve(values.state!);
const dataDir = path.resolve(values.data ?? path.join(stateDir, 'datasets'));
if (!values.data && (!existsSync(dataDir) || readdirSync(dataDir).length === 0)) {
  mkdirSync(dataDir, { recursive: true });
  cpSync(path.join(import.meta.dirname, 'sample'), dataDir, { recursive: true });
}

const agent = await startReferenceAgent({ dataDir, stateDir, port: Number(values.port), trustDir: path.join(stateDir, 'trusted') });
console.log(`Quality Desk reference agent (protocol 1.0)
  endpoint     ${agent.url}
  API key      ${agent.apiKey}
  datasets     ${dataDir}  (<id>.csv + <id>.checks.json; edit them and the next sync sees the change)
  certificate  self-signed, SHA-256 ${agent.fingerprint}
Connect it in Settings → Soda Agent with the endpoint and API key above. Ctrl+C stops it.`);
const stop = () => void agent.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
