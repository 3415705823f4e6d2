import path from 'node:path';
import WebSocket from 'ws';
import { DEMO_PASSWORDS } from '../../functions/domain/demo/demo-directory';
import { REALTIME_PATH, REALTIME_PROTOCOL, REALTIME_TOKEN_PREFIX, type RealtimeMessage } from '../../shared/realtime';
import { startLocalStack } from '../local/stack';
import { line, timingOf } from './measure';

// npm run bench -- realtime: delivery latency of `issue-resolved` to 50 connected clients on the
// local stack (issue 13 item 8). 50 WebSockets of one instance are open (the ID token as
// subprotocol, as the SPA connects); a member resolves rows one after another over HTTP; each
// client notes when the event of that row arrives. Latency = arrival − the moment the resolve
// request was sent (the write, its transaction and the publish included), per client and row.

const CLIENTS = 50;
const ROWS = 40;
const WARMUP = 3;
const INSTANCE = 'inst_demo_sales';
const DATASET = 'opportunities';
const EMAIL = 'admin@democorp.example';
const TARGET_P95_MS = 500;

export async function run(): Promise<boolean> {
  process.env.LOG_LEVEL ??= 'error';
  const stack = await startLocalStack({ port: 0, webDist: path.resolve(import.meta.dirname, '../../web/dist'), demoMode: true, stage: 'bench' });
  const sockets: WebSocket[] = [];
  try {
    const api = async (method: string, url: string, token?: string, body?: unknown) => {
      const res = await fetch(`${stack.url}${url}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}`, 'x-instance-id': INSTANCE } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<any>;
    };
    const { token } = await api('POST', '/api/auth/login', undefined, { email: EMAIL, password: DEMO_PASSWORDS.demo });
    const open = (await api('GET', `/api/${DATASET}/failed_rows?status=open&limit=${ROWS + WARMUP}`, token)).data as Array<{ issue_id: string }>;
    if (open.length < ROWS + WARMUP) throw new Error(`only ${open.length} open rows in ${DATASET}`);

    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    let missing = 0;
    const arrivals = new Map<string, number>();
    const waiting = new Map<string, () => void>();
    for (let c = 0; c < CLIENTS; c++) {
      const ws = new WebSocket(`${stack.url.replace(/^http/, 'ws')}${REALTIME_PATH}?instanceId=${INSTANCE}`, [REALTIME_PROTOCOL, `${REALTIME_TOKEN_PREFIX}${token}`]);
      ws.on('message', (raw) => {
        const now = performance.now();
        const message = JSON.parse(String(raw)) as RealtimeMessage<{ issues?: Array<{ issue_id: string }> }>;
        if (message.type !== 'issue-resolved') return;
        for (const { issue_id } of message.data.issues ?? []) {
          const started = sentAt.get(issue_id);
          if (started === undefined) continue;
          latencies.push(now - started);
          const n = (arrivals.get(issue_id) ?? 0) + 1;
          arrivals.set(issue_id, n);
          if (n === CLIENTS) waiting.get(issue_id)?.();
        }
      });
      await new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve());
        ws.once('error', reject);
      });
      sockets.push(ws);
    }

    const started = performance.now();
    for (const [i, row] of open.entries()) {
      const all = new Promise<void>((resolve) => {
        waiting.set(row.issue_id, resolve);
        setTimeout(resolve, 5_000);
      });
      sentAt.set(row.issue_id, performance.now());
      await api('POST', `/api/${DATASET}/resolve/${row.issue_id}`, token, { resolution: { method: 'manual_fix' } });
      await all;
      if (i < WARMUP) latencies.splice(0); // the first rows warm the handlers up
      missing += CLIENTS - (arrivals.get(row.issue_id) ?? 0);
    }
    const seconds = (performance.now() - started) / 1000;
    const timing = timingOf(latencies);
    line('realtime', {
      metric: 'issue-resolved delivery latency (resolve request sent → event received), local stack',
      clients: CLIENTS,
      rows: ROWS,
      deliveries: latencies.length,
      p50: timing.p50,
      p95: timing.p95,
      max: timing.max,
      errors: missing,
      deliveriesPerSecond: Math.round(latencies.length / seconds),
      target: { p95: TARGET_P95_MS },
    });
    return missing === 0 && timing.p95 <= TARGET_P95_MS;
  } finally {
    for (const ws of sockets) ws.terminate();
    await stack.stop();
  }
}
