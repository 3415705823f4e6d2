import { lookup } from 'node:dns/promises';
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:https';
import { isIP } from 'node:net';
import path from 'node:path';
import { rootCertificates } from 'node:tls';
import type { ZodType } from 'zod';
import { judgeAddress } from '../../domain/agent/address-policy';
import { AgentCallError, type AgentCaller } from '../../domain/agent/ports';

// The HTTPS call to a customer's agent: every resolved address is checked by the SSRF policy and
// the socket connects to that checked address (SNI and certificate checks still use the host
// name); bounded by a timeout and a response size; each way it can fail becomes one kind of
// AgentCallError with a message a person can act on.

export interface AgentClientOptions {
  timeoutMs: number;
  allowLoopback: boolean;
  /** Directory of extra trusted PEM certificates (read on every call: the agent may start later). */
  trustDir?: string;
  maxBytes?: number;
}

const DEFAULT_MAX_BYTES = 256 * 1024 * 1024;

function trustedCertificates(dir: string | undefined): string[] | undefined {
  if (!dir) return undefined;
  let extra: string[] = [];
  try {
    extra = readdirSync(dir)
      .filter((f) => f.endsWith('.pem'))
      .map((f) => readFileSync(path.join(dir, f), 'utf8'));
  } catch {
    return undefined;
  }
  return extra.length > 0 ? [...rootCertificates, ...extra] : undefined;
}

const CERT_CODES: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'is self-signed and not trusted',
  SELF_SIGNED_CERT_IN_CHAIN: 'chains to a self-signed certificate that is not trusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'cannot be verified (unknown issuer)',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'cannot be verified (unknown issuer)',
  CERT_HAS_EXPIRED: 'has expired',
  CERT_NOT_YET_VALID: 'is not valid yet',
  ERR_TLS_CERT_ALTNAME_INVALID: 'does not name this host',
};

function failure(error: NodeJS.ErrnoException, host: string, timeoutMs: number): AgentCallError {
  const code = error.code ?? '';
  if (code in CERT_CODES) return new AgentCallError('certificate', `The agent's TLS certificate ${CERT_CODES[code]}`, `${code} (${host})`);
  if (code === 'ECONNREFUSED') return new AgentCallError('refused', 'Connection refused: nothing is listening at the agent endpoint', `${code} (${host})`);
  if (code === 'ETIMEDOUT' || code === 'ABORT_ERR' || error.name === 'AbortError' || code === 'AGENT_TIMEOUT') {
    return new AgentCallError('timeout', `The agent did not answer within ${Math.round(timeoutMs / 1000)} s`, host);
  }
  if (code === 'ECONNRESET' || code === 'EPIPE') return new AgentCallError('refused', 'The agent closed the connection', `${code} (${host})`);
  if (code.startsWith('ERR_SSL') || code.startsWith('EPROTO')) return new AgentCallError('protocol', 'The endpoint does not speak HTTPS', `${code} (${host})`);
  return new AgentCallError('network', 'The agent could not be reached', `${code || error.message} (${host})`);
}

async function resolveChecked(host: string, allowLoopback: boolean): Promise<{ address: string; family: 4 | 6 }> {
  const bare = host.replace(/^\[|\]$/g, '');
  let addresses: Array<{ address: string; family: number }>;
  if (isIP(bare)) addresses = [{ address: bare, family: isIP(bare) }];
  else {
    try {
      addresses = await lookup(bare, { all: true, verbatim: true });
    } catch (error) {
      throw new AgentCallError('dns', `The agent's host name "${bare}" could not be resolved`, (error as NodeJS.ErrnoException).code);
    }
  }
  if (addresses.length === 0) throw new AgentCallError('dns', `The agent's host name "${bare}" could not be resolved`);
  for (const a of addresses) {
    const verdict = judgeAddress(a.address, { allowLoopback });
    if (!verdict.allowed) throw new AgentCallError('forbidden', `The agent endpoint is not allowed: ${verdict.reason}`, bare);
  }
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

export function agentClient(options: AgentClientOptions): AgentCaller {
  return {
    async get<T>(endpoint: string, apiKey: string, pathName: string, schema: ZodType<T>): Promise<T> {
      const url = new URL(endpoint.replace(/\/+$/, '') + pathName);
      if (url.protocol !== 'https:') throw new AgentCallError('forbidden', 'The agent endpoint must use HTTPS');
      const target = await resolveChecked(url.hostname, options.allowLoopback);
      const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
      const ca = trustedCertificates(options.trustDir);
      const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = request(
          {
            protocol: 'https:',
            hostname: url.hostname.replace(/^\[|\]$/g, ''),
            port: url.port || 443,
            path: `${url.pathname}${url.search}`,
            method: 'GET',
            headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json', 'user-agent': 'QualityDesk-AgentConnector/1.0' },
            // Connect to the address the policy checked, not to a second answer of the resolver.
            lookup: (_host, _opts, callback) => callback(null, [{ address: target.address, family: target.family }] as never),
            servername: isIP(url.hostname.replace(/^\[|\]$/g, '')) ? undefined : url.hostname,
            ...(ca ? { ca } : {}),
            timeout: options.timeoutMs,
            signal: AbortSignal.timeout(options.timeoutMs),
          },
          (res) => {
            const chunks: Buffer[] = [];
            let size = 0;
            res.on('data', (chunk: Buffer) => {
              size += chunk.length;
              if (size > maxBytes) {
                req.destroy(new AgentCallError('protocol', `The agent's answer is larger than ${Math.round(maxBytes / 1048576)} MB`));
                return;
              }
              chunks.push(chunk);
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
            res.on('error', reject);
          },
        );
        req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'AGENT_TIMEOUT' })));
        req.on('error', reject);
        req.end();
      }).catch((error: unknown) => {
        if (error instanceof AgentCallError) throw error;
        throw failure(error as NodeJS.ErrnoException, url.host, options.timeoutMs);
      });
      if (status === 401 || status === 403) throw new AgentCallError('unauthorized', 'The agent refused the API key', `HTTP ${status}`);
      if (status === 404) throw new AgentCallError('protocol', `The endpoint does not serve the agent protocol (${pathName} not found)`, 'HTTP 404');
      if (status < 200 || status >= 300) throw new AgentCallError('http', `The agent answered HTTP ${status}`, text.slice(0, 300));
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new AgentCallError('protocol', 'The endpoint does not speak the agent protocol (the answer is not JSON)', text.slice(0, 120));
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success) {
        const problems = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || '(root)'} ${i.message}`);
        throw new AgentCallError('protocol', 'The endpoint does not speak the agent protocol', problems.join('; '));
      }
      return parsed.data;
    },
  };
}
