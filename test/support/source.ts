import { request } from 'node:http';
import { inject } from 'vitest';

// Requests from a chosen source address: the whole 127.0.0.0/8 block is the loopback interface,
// so binding the client socket to 127.0.0.N makes the local server (like API Gateway) see a
// different client address. The security tests use it to play several attackers and users.

export interface SourceReply {
  status: number;
  body: any;
  headers: Record<string, string | string[] | undefined>;
}

export function callFrom(source: string, method: string, path: string, options: { body?: unknown; contentType?: string; rawBody?: string } = {}): Promise<SourceReply> {
  const port = Number(new URL(inject('baseUrl')).port);
  const payload = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        localAddress: source,
        agent: false,
        headers: {
          'content-type': options.contentType ?? 'application/json',
          ...(payload !== undefined ? { 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode ?? 0, body, headers: res.headers });
        });
      },
    );
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}
