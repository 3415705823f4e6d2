import { describe, expect, it, vi } from 'vitest';
import type { RealtimeConnection } from '../adapters/dynamodb/realtime-connections';
import { publishTenantEvent, publishTenantEvents, type PublishDependencies } from './publish';

const conn = (connectionId: string, organizationId = 'org_a', instanceId = 'inst_1'): RealtimeConnection => ({
  connectionId, organizationId, instanceId, email: `${connectionId}@example.com`, sub: connectionId, connectedAt: '2026-01-01T00:00:00Z', expiresAt: 2_000_000_000,
});

function deps(connections: RealtimeConnection[], post: (id: string, payload: string) => Promise<'delivered' | 'gone'>): PublishDependencies & { removed: string[]; asked: string[] } {
  const removed: string[] = [];
  const asked: string[] = [];
  return {
    removed,
    asked,
    async listConnections(o, i) {
      asked.push(`${o}/${i}`);
      return connections.filter((c) => c.organizationId === o && c.instanceId === i);
    },
    async removeConnection(_o, _i, id) {
      removed.push(id);
    },
    poster: () => ({ post }),
    now: () => new Date('2026-05-01T10:00:00Z'),
  };
}

describe('publishTenantEvent', () => {
  it('posts the event to every live connection of the instance, and only asks for that instance', async () => {
    const posted: Array<[string, unknown]> = [];
    const d = deps([conn('a1'), conn('a2'), conn('b1', 'org_b', 'inst_1'), conn('a3', 'org_a', 'inst_2')], async (id, payload) => {
      posted.push([id, JSON.parse(payload)]);
      return 'delivered';
    });
    const result = await publishTenantEvent({ organizationId: 'org_a', instanceId: 'inst_1' }, { type: 'issue-resolved', data: { datasetId: 'ds', issues: [] } }, d);
    expect(result).toEqual({ delivered: 2, gone: 0, failed: 0 });
    expect(d.asked).toEqual(['org_a/inst_1']);
    expect(posted.map(([id]) => id).sort()).toEqual(['a1', 'a2']);
    expect(posted[0]![1]).toEqual({ type: 'issue-resolved', instanceId: 'inst_1', at: '2026-05-01T10:00:00.000Z', data: { datasetId: 'ds', issues: [] } });
  });

  it('never posts to a connection of another tenant even if a store returned one', async () => {
    const post = vi.fn(async (_id: string, _payload: string) => 'delivered' as const);
    const d = deps([], post);
    d.listConnections = async () => [conn('foreign', 'org_b', 'inst_1'), conn('mine')];
    const result = await publishTenantEvent({ organizationId: 'org_a', instanceId: 'inst_1' }, { type: 'quality-metrics', data: {} }, d);
    expect(post).toHaveBeenCalledTimes(1);
    expect(post.mock.calls[0]![0]).toBe('mine');
    expect(result.delivered).toBe(1);
  });

  it('removes connections the gateway reports gone', async () => {
    const d = deps([conn('a1'), conn('a2')], async (id) => (id === 'a1' ? 'gone' : 'delivered'));
    const result = await publishTenantEvent({ organizationId: 'org_a', instanceId: 'inst_1' }, { type: 'bulk-progress', data: {} }, d);
    expect(result).toEqual({ delivered: 1, gone: 1, failed: 0 });
    expect(d.removed).toEqual(['a1']);
  });

  it('never throws: a failing post or a failing store is logged and counted', async () => {
    const failing = deps([conn('a1'), conn('a2')], async (id) => {
      if (id === 'a1') throw new Error('network down');
      return 'delivered';
    });
    await expect(publishTenantEvent({ organizationId: 'org_a', instanceId: 'inst_1' }, { type: 'cluster-resolved', data: {} }, failing)).resolves.toEqual({ delivered: 1, gone: 0, failed: 1 });
    const broken = deps([], async () => 'delivered');
    broken.listConnections = async () => {
      throw new Error('table unavailable');
    };
    await expect(publishTenantEvent({ organizationId: 'org_a', instanceId: 'inst_1' }, { type: 'issue-resolved', data: {} }, broken)).resolves.toEqual({ delivered: 0, gone: 0, failed: 0 });
  });

  it('does nothing without a poster (no WebSocket endpoint configured)', async () => {
    const d = deps([conn('a1')], async () => 'delivered');
    d.poster = () => undefined;
    d.listConnections = vi.fn(d.listConnections);
    await expect(publishTenantEvent({ organizationId: 'org_a', instanceId: 'inst_1' }, { type: 'issue-resolved', data: {} }, d)).resolves.toEqual({ delivered: 0, gone: 0, failed: 0 });
    expect(d.listConnections).not.toHaveBeenCalled();
  });
});

describe('publishTenantEvents', () => {
  it('lists the connections once for several events, posts them in order, and skips a connection once gone', async () => {
    const posted: string[] = [];
    const d = deps([conn('a1'), conn('a2')], async (id, payload) => {
      posted.push(`${id}:${JSON.parse(payload).type}`);
      return id === 'a2' ? 'gone' : 'delivered';
    });
    const result = await publishTenantEvents({ organizationId: 'org_a', instanceId: 'inst_1' }, async () => [
      { type: 'issue-resolved', data: {} },
      { type: 'quality-metrics', data: {} },
    ], d);
    expect(d.asked).toEqual(['org_a/inst_1']);
    expect(posted.sort()).toEqual(['a1:issue-resolved', 'a1:quality-metrics', 'a2:issue-resolved']);
    expect(result).toEqual({ delivered: 2, gone: 1, failed: 0 });
  });

  it('does not build the events when nobody listens', async () => {
    const build = vi.fn(async () => [{ type: 'quality-metrics' as const, data: {} }]);
    await publishTenantEvents({ organizationId: 'org_a', instanceId: 'inst_1' }, build, deps([], async () => 'delivered'));
    expect(build).not.toHaveBeenCalled();
  });
});
