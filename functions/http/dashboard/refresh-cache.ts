import { refreshCacheBodySchema } from '../../../shared/schemas/dashboard';
import { clearDashboardMemo } from '../../adapters/dynamodb/dashboard-memo';
import { dashboardRepository } from '../../adapters/dynamodb/dashboard-repository';
import { dashboardMetrics } from '../../domain/dashboard/dashboard';
import { defineRoute } from '../define-route';
import { instanceRef } from './instance-ref';

// The dashboard keeps the per-dataset figures that have not changed in memory, checked against each
// dataset's change stamp on every request (dashboard-memo.ts), so they are never stale. Refresh drops
// this instance's memoized figures anyway, reads them again and says so.
export const handler = defineRoute({ body: refreshCacheBodySchema.optional().transform((b) => b ?? { cache_type: 'all' as const }) }, async (input) => {
  const started = Date.now();
  clearDashboardMemo(instanceRef(input));
  const metrics = await dashboardMetrics(dashboardRepository, instanceRef(input), { timeframe: '7d', includeTrends: false }, new Date());
  return {
    body: {
      success: true,
      cache_type: input.body.cache_type,
      cached: true,
      message: 'Cache cleared: figures recomputed from the exact counters and daily records.',
      recomputedAt: new Date().toISOString(),
      durationMs: Date.now() - started,
      data: metrics,
    },
  };
});
