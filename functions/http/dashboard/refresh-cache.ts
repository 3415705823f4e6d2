import { refreshCacheBodySchema } from '../../../shared/schemas/dashboard';
import { dashboardRepository } from '../../adapters/dynamodb/dashboard-repository';
import { dashboardMetrics } from '../../domain/dashboard/dashboard';
import { defineRoute } from '../define-route';
import { instanceRef } from './instance-ref';

// The dashboard keeps no cache: every figure is read from the exact counters and daily records on
// each request. Refresh therefore recomputes the metrics and says that nothing was cached.
export const handler = defineRoute({ body: refreshCacheBodySchema.optional().transform((b) => b ?? { cache_type: 'all' as const }) }, async (input) => {
  const started = Date.now();
  const metrics = await dashboardMetrics(dashboardRepository, instanceRef(input), { timeframe: '7d', includeTrends: false }, new Date());
  return {
    body: {
      success: true,
      cache_type: input.body.cache_type,
      cached: false,
      message: 'No cache to clear: the dashboard reads the exact counters and daily records on every request. Figures recomputed.',
      recomputedAt: new Date().toISOString(),
      durationMs: Date.now() - started,
      data: metrics,
    },
  };
});
