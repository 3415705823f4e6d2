import { routeTimings, WINDOW } from '../../lib/route-timings';
import { defineRoute } from '../define-route';

// GET /qa/performance: measured latencies (ms) of the routes, p50/p95 over the last requests.
export const handler = defineRoute({}, async () => ({
  body: { success: true, window: WINDOW, scope: 'this process', measuredAt: new Date().toISOString(), routes: routeTimings() },
}));
