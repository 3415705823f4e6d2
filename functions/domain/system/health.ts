import type { SystemStatus } from '../../../shared/schemas/system';

// Turns timed service probes into the system status of spec 2 §2.3.

export const SLOW_PROBE_MS = 1000;

export interface Probe {
  name: string;
  check(): Promise<void>;
}

type ServiceHealth = SystemStatus['services'][string];

export async function runProbe(probe: Probe, now: () => number = Date.now): Promise<ServiceHealth> {
  const started = now();
  try {
    await probe.check();
    const elapsed = now() - started;
    return {
      status: elapsed > SLOW_PROBE_MS ? 'warning' : 'healthy',
      lastCheck: new Date(started).toISOString(),
      responseTimeMs: elapsed,
      ...(elapsed > SLOW_PROBE_MS ? { message: `slow response (${elapsed} ms)` } : {}),
    };
  } catch (error) {
    return {
      status: 'error',
      lastCheck: new Date(started).toISOString(),
      responseTimeMs: now() - started,
      message: error instanceof Error ? error.name : 'check failed',
    };
  }
}

export function summarize(services: Record<string, ServiceHealth>): SystemStatus['summary'] {
  const all = Object.values(services);
  const healthy = all.filter((s) => s.status === 'healthy').length;
  const failing = all.filter((s) => s.status === 'error' || s.status === 'unhealthy').length;
  const healthPercentage = all.length === 0 ? 100 : Math.round((healthy / all.length) * 1000) / 10;
  const status: SystemStatus['summary']['status'] =
    failing === all.length && all.length > 0 ? 'unhealthy' : failing > 0 ? 'degraded' : healthy < all.length ? 'warning' : 'healthy';
  return { status, healthPercentage, healthyServices: healthy, totalServices: all.length };
}
