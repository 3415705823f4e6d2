import { describe, expect, it } from 'vitest';
import { agentLinkReport, queueReport, QUEUE_STALE_SECONDS, runProbe, SLOW_PROBE_MS, summarize } from './health';

const at = (status: 'healthy' | 'warning' | 'error') => ({ status, lastCheck: 'now' });

describe('system health', () => {
  it('marks a probe healthy, slow, or in error (with the error name only)', async () => {
    let t = 0;
    const clock = () => t;
    const fast = await runProbe({ name: 'db', check: async () => void (t += 5) }, clock);
    const slow = await runProbe({ name: 'db', check: async () => void (t += SLOW_PROBE_MS + 1) }, clock);
    const broken = await runProbe({ name: 'db', check: async () => Promise.reject(new TypeError('secret detail')) }, clock);

    expect(fast).toMatchObject({ status: 'healthy', responseTimeMs: 5 });
    expect(slow.status).toBe('warning');
    expect(broken).toMatchObject({ status: 'error', message: 'TypeError' });
  });

  it.each([
    [{ a: at('healthy'), b: at('healthy') }, 'healthy', 100],
    [{ a: at('healthy'), b: at('warning') }, 'warning', 50],
    [{ a: at('healthy'), b: at('error') }, 'degraded', 50],
    [{ a: at('error'), b: at('error') }, 'unhealthy', 0],
  ] as const)('summarizes %j as %s (%d %%)', (services, status, pct) => {
    expect(summarize(services)).toMatchObject({ status, healthPercentage: pct });
  });

  it('reports the queue figures, warning for dead letters or old work', async () => {
    const quiet = { depth: 3, inFlight: 2, oldestAgeSeconds: 12, deadLetters: 0 };
    expect(await runProbe({ name: 'queue', check: async () => queueReport(quiet) }, () => 0)).toMatchObject({ status: 'healthy', queue: quiet });
    const dead = await runProbe({ name: 'queue', check: async () => queueReport({ ...quiet, deadLetters: 2 }) }, () => 0);
    expect(dead).toMatchObject({ status: 'warning', message: '2 messages in the dead-letter queue' });
    const old = await runProbe({ name: 'queue', check: async () => queueReport({ ...quiet, oldestAgeSeconds: QUEUE_STALE_SECONDS + 60 }) }, () => 0);
    expect(old).toMatchObject({ status: 'warning', message: 'oldest message waiting 16 min' });
    expect(queueReport({ ...quiet, oldestAgeSeconds: null })).toEqual({ queue: { ...quiet, oldestAgeSeconds: null } });
  });
});

describe('agent link probe', () => {
  const connected = { state: 'connected' as const, lastSync: { status: 'succeeded', at: '2026-11-23T10:00:00.000Z', datasets: [{}] } };
  it.each([
    ['a connected agent whose last sync succeeded', connected, 'healthy'],
    ['a partial last sync', { ...connected, lastSync: { ...connected.lastSync, status: 'partial', datasets: [{}, { error: 'x' }] } }, 'warning'],
    ['a failed last sync', { ...connected, lastSync: { ...connected.lastSync, status: 'failed', error: 'refused' } }, 'error'],
    ['a disconnected agent', { state: 'disconnected' as const }, 'error'],
  ])('reports %s as %s', async (_name, agent, status) => {
    expect((await runProbe({ name: 'agent', check: async () => agentLinkReport(agent) })).status).toBe(status);
  });
});

describe('deep probes (Health Check)', () => {
  it('wants the table and every index ACTIVE', async () => {
    const { tableReport } = await import('./health');
    expect(tableReport({ status: 'ACTIVE', indexes: [{ name: 'byLookup', status: 'ACTIVE' }] })).toEqual({});
    expect(tableReport({ status: 'ACTIVE', indexes: [{ name: 'byLookup', status: 'CREATING' }] })).toEqual({ warning: 'index byLookup CREATING' });
    expect(() => tableReport({ status: 'UPDATING', indexes: [] })).toThrow();
  });

  it('reports an unusable key as an error and a due rotation as a warning', async () => {
    const { keyReport } = await import('./health');
    expect(keyReport({ status: 'active', message: null })).toEqual({});
    expect(keyReport({ status: 'key_rotation_needed', message: 'last rotated 100 days ago' })).toEqual({ warning: 'last rotated 100 days ago' });
    expect(() => keyReport({ status: 'error', message: 'key state Disabled' })).toThrow(expect.objectContaining({ name: 'Key unusable: key state Disabled' }));
  });

  it('counts an agent that refuses the empty key as reachable, and a disconnected one as an error', async () => {
    const { agentReachability } = await import('./health');
    expect(await agentReachability({ state: 'connected', sodaAgentEndpoint: 'https://a' }, async () => 'refused-key')).toEqual({});
    expect(await agentReachability({ state: 'connected', sodaAgentEndpoint: 'https://a' }, async () => 'answered')).toEqual({ warning: 'the agent answered without an API key' });
    await expect(agentReachability({ state: 'disconnected', sodaAgentEndpoint: 'https://a' }, async () => 'refused-key')).rejects.toMatchObject({ name: 'Agent disconnected' });
  });
});
