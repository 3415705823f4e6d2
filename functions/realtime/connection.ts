import { REALTIME_CONNECTION_TTL_SECONDS, REALTIME_PROTOCOL, REALTIME_TOKEN_PREFIX } from '../../shared/realtime';
import type { RealtimeConnection } from '../adapters/dynamodb/realtime-connections';
import { DomainError, Unauthorized, ValidationFailed } from '../domain/errors';
import type { Caller } from '../domain/tenancy/caller';
import type { InstanceRecord } from '../domain/tenancy/records';
import type { TokenIdentity } from '../domain/tenancy/resolve';

// Opening and closing a real-time connection ($connect / $disconnect; issue 13 item 7). The
// connection is bound to ONE instance, checked exactly as an API request's x-instance-id is: the
// ID token verified (signature, issuer, audience, expiry, token_use), the member found by the
// token's sub, and the instance one the member may act on. Browsers cannot set headers on a
// WebSocket, so the token travels as a subprotocol (`bearer.<token>`) — never in the URL, which
// access logs and proxies record.

/** Instance ids are short identifiers; anything longer or stranger is refused before any lookup. */
const INSTANCE_ID = /^[A-Za-z0-9_-]{1,100}$/;
const MAX_PROTOCOL_HEADER = 8192;

export interface ConnectRequest {
  connectionId: string;
  /** The Sec-WebSocket-Protocol header as sent. */
  protocolHeader: string | undefined;
  instanceId: string | undefined;
}

export interface ConnectDependencies {
  verifyToken(token: string): Promise<TokenIdentity>;
  resolveCaller(identity: TokenIdentity): Promise<Caller>;
  resolveInstance(caller: Caller, instanceId: string): Promise<InstanceRecord>;
  saveConnection(connection: RealtimeConnection): Promise<void>;
  now(): Date;
}

export interface ConnectOutcome {
  status: number;
  /** The subprotocol to answer with (browsers close a socket whose answer names none they asked for). */
  protocol?: string;
  error?: string;
  connection?: RealtimeConnection;
}

export function parseProtocols(header: string | undefined): { token?: string; wantsProtocol: boolean } {
  if (!header || header.length > MAX_PROTOCOL_HEADER) return { wantsProtocol: false };
  const offered = header.split(',').map((p) => p.trim()).filter(Boolean);
  const bearer = offered.find((p) => p.startsWith(REALTIME_TOKEN_PREFIX));
  return { token: bearer ? bearer.slice(REALTIME_TOKEN_PREFIX.length) : undefined, wantsProtocol: offered.includes(REALTIME_PROTOCOL) };
}

export async function openConnection(request: ConnectRequest, deps: ConnectDependencies): Promise<ConnectOutcome> {
  try {
    const instanceId = request.instanceId?.trim();
    if (!instanceId || !INSTANCE_ID.test(instanceId)) {
      throw new ValidationFailed('instanceId is required', [{ field: 'instanceId', message: 'must be an instance id' }]);
    }
    const { token, wantsProtocol } = parseProtocols(request.protocolHeader);
    if (!token || !wantsProtocol) throw new Unauthorized('Authentication required');
    let identity: TokenIdentity;
    try {
      identity = await deps.verifyToken(token);
    } catch {
      throw new Unauthorized('Invalid or expired token');
    }
    const caller = await deps.resolveCaller(identity);
    const instance = await deps.resolveInstance(caller, instanceId);
    const now = deps.now();
    const connection: RealtimeConnection = {
      connectionId: request.connectionId,
      // The instance's own organization (a super admin may watch another organization's instance).
      organizationId: instance.organizationId,
      instanceId: instance.id,
      email: caller.email,
      sub: identity.sub,
      connectedAt: now.toISOString(),
      expiresAt: Math.floor(now.getTime() / 1000) + REALTIME_CONNECTION_TTL_SECONDS,
    };
    await deps.saveConnection(connection);
    return { status: 200, protocol: REALTIME_PROTOCOL, connection };
  } catch (error) {
    if (error instanceof DomainError) return { status: error.status, error: error.message };
    throw error;
  }
}
