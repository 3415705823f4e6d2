import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import sirv from 'sirv';
import { API_SECURITY_HEADERS, pageSecurityHeaders } from '../../shared/security-headers';
import { precompress } from './precompress';
import { invoke, MalformedPath, matchRoute, toEvent } from './dispatch';
import './local-jobs';
import './local-sources';
import { LOCAL_UPLOAD_PATH, UploadRejected } from '../../functions/adapters/storage/local-source-store';
import { localSourceStore } from '../../functions/adapters/storage/source-store';

// One port: /api/* goes to the route handlers, everything else to the built SPA with history
// fallback (hashed assets immutable, index.html never cached).

const MAX_BODY_BYTES = 10 * 1024 * 1024;

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('payload too large'));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...API_SECURITY_HEADERS });
  res.end(JSON.stringify(body));
}

async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  let match: ReturnType<typeof matchRoute>;
  try {
    match = matchRoute(req.method ?? 'GET', url.pathname);
  } catch (error) {
    if (!(error instanceof MalformedPath)) throw error;
    req.resume();
    return sendJson(res, 400, { success: false, error: 'Invalid request: path must be valid percent-encoding', details: [{ field: 'path', message: 'must be valid percent-encoding' }] });
  }
  if (!match) return sendJson(res, 404, { success: false, error: 'Not found' });
  let body: Buffer;
  try {
    body = await readBody(req);
  } catch {
    return sendJson(res, 413, { success: false, error: 'Request body is too large' });
  }
  const result = await invoke(match.route, toEvent(req, url, match.route, match.pathParameters, body));
  const headers: Record<string, string | string[]> = { ...(result.headers as Record<string, string>) };
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  res.writeHead(result.statusCode ?? 200, headers);
  res.end(result.isBase64Encoded && result.body ? Buffer.from(result.body, 'base64') : (result.body ?? ''));
}

/** The local stand-in for S3's presigned PUT of a dataset's source file (issue 4). */
async function handleUpload(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const store = localSourceStore();
  if (req.method !== 'PUT' || !store) return sendJson(res, 405, { success: false, error: 'Method not allowed' });
  try {
    const length = req.headers['content-length'] === undefined ? undefined : Number(req.headers['content-length']);
    const contentType = req.headers['content-type']?.split(';')[0]?.trim();
    const stored = await store.acceptUpload(url.searchParams, contentType, length, req);
    sendJson(res, 200, { success: true, bytes: stored.bytes });
  } catch (error) {
    if (!(error instanceof UploadRejected)) throw error;
    req.resume();
    sendJson(res, error.status, { success: false, error: error.message });
  }
}

/**
 * Work a route would otherwise do on its first request, started once the server listens: the
 * OpenAPI document generated from the code (functions/http/docs/openapi-json.ts). A failure is
 * left for that first request to report.
 */
export function warmUp(): void {
  void import('../../functions/http/docs/openapi-json').then((m) => m.openApiDocument()).catch(() => undefined);
}

export function createLocalServer(options: { webDist: string }): Server {
  const hasSpa = existsSync(options.webDist);
  const pageHeaders = pageSecurityHeaders();
  if (hasSpa) precompress(options.webDist);
  const spa = hasSpa
    ? sirv(options.webDist, {
        // Looks each file up when asked, not in a list made at start: a `npm run build:web` while
        // the stack runs replaces every hashed file, and the list's entries then named files that
        // were gone (404 for the new ones, and a crash on the old).
        dev: true,
        single: true,
        brotli: true,
        gzip: true,
        etag: true,
        setHeaders: (res, pathname) => {
          res.setHeader('cache-control', pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
          for (const [name, value] of Object.entries(pageHeaders)) res.setHeader(name, value);
        },
      })
    : undefined;
  return createServer((req, res) => {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    } catch {
      // An unparsable Host header or request target: refused before anything runs.
      req.resume();
      return sendJson(res, 400, { success: false, error: 'Invalid request: the request target or host header is malformed', details: [{ field: 'host', message: 'must be a valid host and path' }] });
    }
    if (url.pathname === '/api' || url.pathname.startsWith('/api/') || url.pathname.startsWith('/qa/')) {
      handleApi(req, res, url).catch((error: unknown) => {
        console.error('local dispatch failed', error);
        if (!res.headersSent) sendJson(res, 500, { success: false, error: 'Internal error' });
        else res.end();
      });
      return;
    }
    if (url.pathname === LOCAL_UPLOAD_PATH) {
      handleUpload(req, res, url).catch((error: unknown) => {
        console.error('local upload failed', error);
        if (!res.headersSent) sendJson(res, 500, { success: false, error: 'Internal error' });
        else res.end();
      });
      return;
    }
    if (!spa) {
      res.writeHead(503, { 'content-type': 'text/plain', ...pageHeaders });
      res.end('The web app is not built. Run: npm run build:web');
      return;
    }
    // A file that vanishes between its lookup and its read (a rebuild at that moment) fails the
    // read stream, which sirv pipes without a listener: that error would end the whole server.
    // The headers are sent by then, so the one honest answer is to drop this response.
    res.once('pipe', (source) => source.once('error', () => res.destroy()));
    spa(req, res, () => {
      res.writeHead(404, pageHeaders);
      res.end();
    });
  });
}
