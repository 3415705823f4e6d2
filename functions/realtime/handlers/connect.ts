import { realtimeConnections } from '../../adapters/dynamodb/realtime-connections';
import { tenancyRepository } from '../../adapters/dynamodb/tenancy-repository';
import { verifyIdToken } from '../../adapters/identity/token-verifier';
import { Forbidden } from '../../domain/errors';
import { ipAllowed, ipRefusal } from '../../domain/tenancy/ip-allowlist';
import { resolveCaller, resolveInstance } from '../../domain/tenancy/resolve';
import { logger } from '../../lib/logger';
import { openConnection } from '../connection';
import type { WebSocketEvent, WebSocketResult } from '../websocket-event';

// $connect of the WebSocket API (deployed) and of the local `ws` server: the same handler.

function header(event: WebSocketEvent, name: string): string | undefined {
  const headers = event.headers ?? {};
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return value ?? undefined;
  return undefined;
}

export async function handler(event: WebSocketEvent): Promise<WebSocketResult> {
  const connectionId = event.requestContext.connectionId;
  try {
    const outcome = await openConnection(
      { connectionId, protocolHeader: header(event, 'sec-websocket-protocol'), instanceId: event.queryStringParameters?.instanceId },
      {
        verifyToken: verifyIdToken,
        resolveCaller: async (identity) => {
          const caller = await resolveCaller(tenancyRepository, identity);
          // The organization's IP allowlist holds for the socket as for every API call (issue 14 §5).
          const source = event.requestContext.identity?.sourceIp ?? '';
          if (!ipAllowed(source, caller.organization.ipAllowlist?.cidrs)) throw new Forbidden(ipRefusal(source));
          return caller;
        },
        resolveInstance: (caller, instanceId) => resolveInstance(tenancyRepository, caller, instanceId),
        saveConnection: (c) => realtimeConnections.put(c),
        now: () => new Date(),
      },
    );
    if (outcome.status !== 200) {
      logger.info('realtime connect refused', { status: outcome.status, error: outcome.error });
      return { statusCode: outcome.status, body: JSON.stringify({ success: false, error: outcome.error }) };
    }
    logger.info('realtime connected', { organizationId: outcome.connection?.organizationId, instanceId: outcome.connection?.instanceId });
    return { statusCode: 200, headers: { 'Sec-WebSocket-Protocol': outcome.protocol! } };
  } catch (error) {
    logger.error('realtime connect failed', { error: error instanceof Error ? error.message : String(error) });
    return { statusCode: 500, body: JSON.stringify({ success: false, error: 'Internal error' }) };
  }
}
