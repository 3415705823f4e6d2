import WebSocket from 'ws';
import { REALTIME_PATH, REALTIME_PROTOCOL, REALTIME_TOKEN_PREFIX, type RealtimeMessage } from '../../shared/realtime';
import { baseUrl } from './api';

// A real-time client for the tests: a WebSocket to the local stack's /ws, as the SPA opens it.

export interface RealtimeClient {
  messages: RealtimeMessage<any>[];
  /** The first message (already received or still to come) that matches. */
  next(match: (m: RealtimeMessage<any>) => boolean, timeoutMs?: number): Promise<RealtimeMessage<any>>;
  close(): void;
}

export function realtimeUrl(instanceId: string, base = baseUrl()): string {
  return `${base.replace(/^http/, 'ws')}${REALTIME_PATH}?instanceId=${encodeURIComponent(instanceId)}`;
}

/** Opens a connection; rejects with the HTTP status when the upgrade is refused. */
export function connectRealtime(token: string | undefined, instanceId: string, base?: string): Promise<RealtimeClient> {
  const protocols = token ? [REALTIME_PROTOCOL, `${REALTIME_TOKEN_PREFIX}${token}`] : [REALTIME_PROTOCOL];
  const ws = new WebSocket(realtimeUrl(instanceId, base), protocols);
  const messages: RealtimeMessage<any>[] = [];
  const waiters = new Set<{ match: (m: RealtimeMessage<any>) => boolean; resolve: (m: RealtimeMessage<any>) => void }>();
  ws.on('message', (raw) => {
    const message = JSON.parse(String(raw)) as RealtimeMessage<any>;
    messages.push(message);
    for (const w of waiters) if (w.match(message)) {
      waiters.delete(w);
      w.resolve(message);
    }
  });
  const client: RealtimeClient = {
    messages,
    next(match, timeoutMs = 10_000) {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve: (m: RealtimeMessage<any>) => (clearTimeout(timer), resolve(m)) };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no matching real-time message within ${timeoutMs} ms (got ${messages.map((m) => m.type).join(', ') || 'none'})`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    close: () => ws.close(),
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(client));
    ws.once('unexpected-response', (_req, res) => reject(Object.assign(new Error(`upgrade refused: ${res.statusCode}`), { status: res.statusCode })));
    ws.once('error', (error) => reject(error));
  });
}
