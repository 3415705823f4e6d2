import { randomBytes } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { REALTIME_PATH, REALTIME_PROTOCOL } from '../../shared/realtime';
import { registerLocalPoster } from '../../functions/realtime/poster';
import { handler as connectHandler } from '../../functions/realtime/handlers/connect';
import { handler as disconnectHandler } from '../../functions/realtime/handlers/disconnect';
import type { WebSocketEvent } from '../../functions/realtime/websocket-event';

// The local stand-in for the API Gateway WebSocket API (ARCHITECTURE §2.6): a `ws` server on the
// API's own port, path /ws. An upgrade request becomes a $connect event for the very handler the
// WebSocket API calls; only when it answers 200 is the socket accepted. Closing a socket calls the
// $disconnect handler. Publishing reaches sockets through registerLocalPoster (the Management
// API's PostToConnection in AWS).

const HTTP_STATUS: Record<number, string> = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 500: 'Internal Server Error' };

function reject(socket: Duplex, status: number): void {
  socket.write(`HTTP/1.1 ${status} ${HTTP_STATUS[status] ?? 'Error'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

function connectionId(): string {
  // API Gateway's ids are short base64 strings; these look alike and never repeat within a run.
  return randomBytes(12).toString('base64url');
}

export function attachRealtimeServer(server: Server): { close(): void } {
  const sockets = new Map<string, WebSocket>();
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 4096,
    handleProtocols: (offered) => (offered.has(REALTIME_PROTOCOL) ? REALTIME_PROTOCOL : false),
  });

  registerLocalPoster({
    async post(id, payload) {
      const socket = sockets.get(id);
      if (!socket || socket.readyState !== socket.OPEN) return 'gone';
      await new Promise<void>((resolve, reject) => socket.send(payload, (error) => (error ? reject(error) : resolve())));
      return 'delivered';
    },
  });

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      return reject(socket, 400);
    }
    if (url.pathname !== REALTIME_PATH) return reject(socket, 400);
    const id = connectionId();
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(req.headers)) if (typeof value === 'string') headers[key] = value;
    const event: WebSocketEvent = {
      requestContext: { connectionId: id, routeKey: '$connect', eventType: 'CONNECT', identity: { sourceIp: req.socket.remoteAddress ?? '127.0.0.1' } },
      headers,
      queryStringParameters: Object.fromEntries(url.searchParams),
    };
    socket.on('error', () => undefined);
    connectHandler(event)
      .then((result) => {
        if (result.statusCode !== 200) return reject(socket, result.statusCode);
        wss.handleUpgrade(req, socket, head, (ws) => {
          sockets.set(id, ws);
          // The client's keep-alive pings (the deployed API closes sockets idle for 10 minutes).
          ws.on('message', () => undefined);
          ws.on('close', () => {
            sockets.delete(id);
            void disconnectHandler({ requestContext: { connectionId: id, routeKey: '$disconnect', eventType: 'DISCONNECT' } });
          });
        });
      })
      .catch(() => reject(socket, 500));
  };
  server.on('upgrade', onUpgrade);
  return {
    close() {
      server.off('upgrade', onUpgrade);
      registerLocalPoster(undefined);
      for (const ws of sockets.values()) ws.terminate();
      sockets.clear();
      wss.close();
    },
  };
}
