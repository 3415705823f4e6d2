import type { SystemStatus } from '../../../shared/schemas/system';

// Turns timed service probes into the system status of spec 2 §2.3.

export const SLOW_PROBE_MS = 1000;

/** What a probe may report besides "it answered": a reason to warn, and the queue's figures. */
export interface ProbeReport {
  warning?: string;
  queue?: NonNullable<ServiceHealth['queue']>;
}

export interface Probe {
  name: string;
  check(): Promise<ProbeReport | void>;
}

type ServiceHealth = SystemStatus['services'][string];

/** Work older than this waits too long: the worker is behind or not running. */
export const QUEUE_STALE_SECONDS = 15 * 60;

/** The suggestions queue as a probe report: a warning for dead letters or old work. */
export function queueReport(queue: NonNullable<ServiceHealth['queue']>): ProbeReport {
  const warnings = [
    ...(queue.deadLetters > 0 ? [`${queue.deadLetters} message${queue.deadLetters === 1 ? '' : 's'} in the dead-letter queue`] : []),
    ...(queue.oldestAgeSeconds !== null && queue.oldestAgeSeconds > QUEUE_STALE_SECONDS ? [`oldest message waiting ${Math.round(queue.oldestAgeSeconds / 60)} min`] : []),
  ];
  return { queue, ...(warnings.length ? { warning: warnings.join('; ') } : {}) };
}

/** The agent link as a probe report: disconnected or a failed last sync is an error, a partial one a warning. */
export function agentLinkReport(agent: { state: 'connected' | 'disconnected'; lastSync?: { status: string; at: string; error?: string; datasets: Array<{ error?: string }> } }): ProbeReport {
  if (agent.state !== 'connected') throw Object.assign(new Error('disconnected'), { name: 'Agent disconnected' });
  const sync = agent.lastSync;
  if (sync?.status === 'failed') throw Object.assign(new Error(sync.error ?? 'sync failed'), { name: `Last agent sync failed (${sync.at})` });
  if (sync?.status === 'partial') return { warning: `last sync at ${sync.at}: ${sync.datasets.filter((d) => d.error).length} dataset(s) failed` };
  return {};
}

/** The table as DescribeTable reports it: every index must be ACTIVE too. */
export function tableReport(table: { status: string; indexes: Array<{ name: string; status: string }> }): ProbeReport {
  if (table.status !== 'ACTIVE') throw Object.assign(new Error(table.status), { name: `Table status ${table.status}` });
  const notActive = table.indexes.filter((i) => i.status !== 'ACTIVE');
  if (notActive.length > 0) return { warning: notActive.map((i) => `index ${i.name} ${i.status}`).join('; ') };
  return {};
}

/** A key-encryption key as a probe report: unusable is an error, a rotation due a warning. */
export function keyReport(state: { status: 'active' | 'key_rotation_needed' | 'error'; message: string | null }): ProbeReport {
  if (state.status === 'error') throw Object.assign(new Error(state.message ?? 'key unusable'), { name: `Key unusable: ${state.message ?? 'unknown'}` });
  return state.status === 'key_rotation_needed' ? { warning: state.message ?? 'rotation due' } : {};
}

/**
 * The agent link checked live (Health Check): the endpoint is resolved, the address policy
 * applied, TLS verified and the agent asked for its capabilities without the API key (the key
 * stays sealed; only a sync opens it). The agent refusing the empty key is what a live agent
 * does, so that is the healthy answer.
 */
export async function agentReachability(
  agent: { state: 'connected' | 'disconnected'; sodaAgentEndpoint: string },
  reach: (endpoint: string) => Promise<'refused-key' | 'answered'>,
): Promise<ProbeReport> {
  if (agent.state !== 'connected') throw Object.assign(new Error('disconnected'), { name: 'Agent disconnected' });
  const answer = await reach(agent.sodaAgentEndpoint);
  return answer === 'answered' ? { warning: 'the agent answered without an API key' } : {};
}

export async function runProbe(probe: Probe, now: () => number = Date.now): Promise<ServiceHealth> {
  const started = now();
  try {
    const report = (await probe.check()) ?? {};
    const elapsed = now() - started;
    const warnings = [...(report.warning ? [report.warning] : []), ...(elapsed > SLOW_PROBE_MS ? [`slow response (${elapsed} ms)`] : [])];
    return {
      status: warnings.length ? 'warning' : 'healthy',
      lastCheck: new Date(started).toISOString(),
      responseTimeMs: elapsed,
      ...(warnings.length ? { message: warnings.join('; ') } : {}),
      ...(report.queue ? { queue: report.queue } : {}),
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
