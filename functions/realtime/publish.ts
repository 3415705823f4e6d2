import type { RealtimeEventType, RealtimeMessage } from '../../shared/realtime';
import { realtimeConnections, type RealtimeConnection } from '../adapters/dynamodb/realtime-connections';
import { logger } from '../lib/logger';
import { connectionPoster, type ConnectionPoster } from './poster';

// Publishes a real-time event to every live connection of ONE instance of ONE organization
// (issue 13 item 7). The writers call it after their write has committed; publishing never fails
// that write: every error is logged and swallowed.
//
// Tenant isolation: the only connections read are those of the partition keyed by the event's
// organization and instance (keys.realtimeConnection), and a connection is stored there only
// after $connect verified the ID token and the member's access to that instance.

export interface TenantScope {
  organizationId: string;
  instanceId: string;
}

export interface TenantEvent {
  type: RealtimeEventType;
  data: unknown;
}

/** Posts to this many connections at once. */
const PARALLEL_POSTS = 16;

export interface PublishResult {
  delivered: number;
  gone: number;
  failed: number;
}

export interface PublishDependencies {
  listConnections(organizationId: string, instanceId: string, nowSeconds: number): Promise<RealtimeConnection[]>;
  removeConnection(organizationId: string, instanceId: string, connectionId: string): Promise<void>;
  poster(): ConnectionPoster | undefined;
  now(): Date;
}

const defaultDependencies: PublishDependencies = {
  listConnections: (o, i, now) => realtimeConnections.listLive(o, i, now),
  removeConnection: (o, i, c) => realtimeConnections.remove(o, i, c),
  poster: connectionPoster,
  now: () => new Date(),
};

export async function publishTenantEvent(scope: TenantScope, event: TenantEvent, deps: PublishDependencies = defaultDependencies): Promise<PublishResult> {
  return publishTenantEvents(scope, async () => [event], deps);
}

/**
 * Publishes events in order to the connections of one instance, listed once. The events are built
 * only when someone listens (`events` may read, e.g. the dataset's counters): a change nobody
 * watches costs one query.
 */
export async function publishTenantEvents(
  scope: TenantScope,
  events: () => Promise<TenantEvent[]>,
  deps: PublishDependencies = defaultDependencies,
): Promise<PublishResult> {
  const result: PublishResult = { delivered: 0, gone: 0, failed: 0 };
  let type = 'events';
  try {
    const poster = deps.poster();
    if (!poster) return result;
    const now = deps.now();
    const connections = await deps.listConnections(scope.organizationId, scope.instanceId, Math.floor(now.getTime() / 1000));
    if (connections.length === 0) return result;
    const gone = new Set<string>();
    for (const event of await events()) {
      type = event.type;
      const message: RealtimeMessage = { type: event.type, instanceId: scope.instanceId, at: now.toISOString(), data: event.data };
      const payload = JSON.stringify(message);
      const live = connections.filter((c) => !gone.has(c.connectionId));
      let next = 0;
      const worker = async () => {
        while (next < live.length) {
          const connection = live[next++]!;
          // Defence in depth: the partition already holds only this tenant's connections.
          if (connection.organizationId !== scope.organizationId || connection.instanceId !== scope.instanceId) continue;
          try {
            const outcome = await poster.post(connection.connectionId, payload);
            if (outcome === 'delivered') result.delivered++;
            else {
              result.gone++;
              gone.add(connection.connectionId);
              await deps.removeConnection(scope.organizationId, scope.instanceId, connection.connectionId).catch(() => undefined);
            }
          } catch (error) {
            result.failed++;
            logger.warn('realtime post failed', { type: event.type, connectionId: connection.connectionId, error: error instanceof Error ? error.message : String(error) });
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL_POSTS, live.length) }, worker));
    }
  } catch (error) {
    logger.warn('realtime publish failed', {
      type,
      organizationId: scope.organizationId,
      instanceId: scope.instanceId,
      error: error instanceof Error ? error.message : String(error),
    });
  }
  return result;
}
