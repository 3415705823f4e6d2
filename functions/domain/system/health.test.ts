import { describe, expect, it } from 'vitest';
import { runProbe, SLOW_PROBE_MS, summarize } from './health';

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
});
