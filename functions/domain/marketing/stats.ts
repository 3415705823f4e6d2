import type { MarketingStats } from '../../../shared/schemas/marketing';
import type { StatsCache, StatsSource } from './ports';

/** How long the figures are served from the cache before they are aggregated again. */
export const STATS_MAX_AGE_MS = 5 * 60 * 1000;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** Sums the tenants' exact counters. Every figure is counted, none estimated. */
export async function aggregateStats(source: StatsSource, countSignupsSince: (iso: string) => Promise<number>, now: Date): Promise<MarketingStats> {
  const orgIds = await source.organizationIds();
  const totals = { datasetsMonitored: 0, rowsChecked: 0, failedRowsFound: 0, failedRowsResolved: 0, aiRowsProcessed: 0 };
  for (const orgId of orgIds) {
    totals.aiRowsProcessed += await source.aiRowsProcessed(orgId);
    for (const instanceId of await source.instanceIds(orgId)) {
      for (const d of await source.datasets(orgId, instanceId)) {
        totals.datasetsMonitored += 1;
        totals.rowsChecked += d.totalRecords;
        totals.failedRowsFound += d.open + d.resolved + d.muted;
        totals.failedRowsResolved += d.resolved;
      }
    }
  }
  return {
    organizations: orgIds.length,
    ...totals,
    signupsThisWeek: await countSignupsSince(new Date(now.getTime() - WEEK_MS).toISOString()),
    computedAt: now.toISOString(),
  };
}

/** GET /api/marketing/stats: the cached figures while fresh, else aggregated again and cached. */
export async function marketingStats(
  deps: { source: StatsSource; cache: StatsCache; countSignupsSince: (iso: string) => Promise<number> },
  now: Date,
): Promise<MarketingStats> {
  const cached = await deps.cache.read();
  if (cached && now.getTime() - Date.parse(cached.computedAt) < STATS_MAX_AGE_MS) return cached;
  const stats = await aggregateStats(deps.source, deps.countSignupsSince, now);
  await deps.cache.write(stats);
  return stats;
}
