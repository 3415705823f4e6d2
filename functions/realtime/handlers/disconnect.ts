import { realtimeConnections } from '../../adapters/dynamodb/realtime-connections';
import { logger } from '../../lib/logger';
import type { WebSocketEvent, WebSocketResult } from '../websocket-event';

// $disconnect: the connection's item is found by its id (byLookup) and deleted. A connection that
// disappears without $disconnect expires by TTL, and a publish that finds it gone deletes it.

export async function handler(event: WebSocketEvent): Promise<WebSocketResult> {
  const connectionId = event.requestContext.connectionId;
  try {
    const connection = await realtimeConnections.findById(connectionId);
    if (connection) await realtimeConnections.remove(connection.organizationId, connection.instanceId, connectionId);
  } catch (error) {
    logger.warn('realtime disconnect cleanup failed', { error: error instanceof Error ? error.message : String(error) });
  }
  return { statusCode: 200 };
}
