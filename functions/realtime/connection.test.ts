import { describe, expect, it } from 'vitest';
import { Forbidden } from '../domain/errors';
import type { Caller } from '../domain/tenancy/caller';
import type { InstanceRecord } from '../domain/tenancy/records';
import type { RealtimeConnection } from '../adapters/dynamodb/realtime-connections';
import { openConnection, parseProtocols, type ConnectDependencies } from './connection';

const caller = { email: 'ana@example.com', sub: 'sub-ana' } as Caller;
const instance = { id: 'inst_1', organizationId: 'org_a' } as InstanceRecord;

function deps(overrides: Partial<ConnectDependencies> = {}): ConnectDependencies & { saved: RealtimeConnection[] } {
  const saved: RealtimeConnection[] = [];
  return {
    saved,
    verifyToken: async (token) => {
      if (token !== 'good.token.sig') throw new Error('bad');
      return { sub: 'sub-ana', email: 'ana@example.com', emailVerified: true };
    },
    resolveCaller: async () => caller,
    resolveInstance: async (_c, id) => {
      if (id !== 'inst_1') throw new Forbidden('You do not have access to this instance');
      return instance;
    },
    saveConnection: async (c) => {
      saved.push(c);
    },
    now: () => new Date('2026-05-01T10:00:00Z'),
    ...overrides,
  };
}

describe('openConnection', () => {
  it('stores the connection under the instance it was checked against, with a TTL, and answers the subprotocol', async () => {
    const d = deps();
    const out = await openConnection({ connectionId: 'c1', protocolHeader: 'quality-desk.v1, bearer.good.token.sig', instanceId: 'inst_1' }, d);
    expect(out.status).toBe(200);
    expect(out.protocol).toBe('quality-desk.v1');
    expect(d.saved).toEqual([
      { connectionId: 'c1', organizationId: 'org_a', instanceId: 'inst_1', email: 'ana@example.com', sub: 'sub-ana', connectedAt: '2026-05-01T10:00:00.000Z', expiresAt: Date.parse('2026-05-01T12:00:00Z') / 1000 },
    ]);
  });

  it('refuses without a token, with a bad token, for a foreign instance, or a malformed instance id, and stores nothing', async () => {
    const d = deps();
    const cases: Array<[string | undefined, string | undefined, number]> = [
      [undefined, 'inst_1', 401],
      ['quality-desk.v1', 'inst_1', 401],
      ['quality-desk.v1, bearer.forged.token.sig', 'inst_1', 401],
      ['bearer.good.token.sig', 'inst_1', 401],
      ['quality-desk.v1, bearer.good.token.sig', 'inst_2', 403],
      ['quality-desk.v1, bearer.good.token.sig', undefined, 400],
      ['quality-desk.v1, bearer.good.token.sig', 'inst#1/../x', 400],
      ['quality-desk.v1, bearer.good.token.sig', 'x'.repeat(101), 400],
    ];
    for (const [protocolHeader, instanceId, status] of cases) {
      const out = await openConnection({ connectionId: 'c', protocolHeader, instanceId }, d);
      expect(out.status, `${protocolHeader} ${instanceId}`).toBe(status);
    }
    expect(d.saved).toEqual([]);
  });

  it('parses the offered subprotocols', () => {
    expect(parseProtocols('quality-desk.v1, bearer.a.b.c')).toEqual({ token: 'a.b.c', wantsProtocol: true });
    expect(parseProtocols('x'.repeat(9000))).toEqual({ wantsProtocol: false });
  });
});
