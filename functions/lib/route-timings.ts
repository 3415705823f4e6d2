// How long the routes of this process took (GET /qa/performance): the last WINDOW requests per
// route, recorded by the middleware chain. Locally every route runs in one process, so this is the
// whole API; in AWS each function keeps its own, and /qa/performance sees its own container's.

export const WINDOW = 200;

const timings = new Map<string, number[]>();

export function recordTiming(route: string, ms: number): void {
  let list = timings.get(route);
  if (!list) timings.set(route, (list = []));
  list.push(ms);
  if (list.length > WINDOW) list.splice(0, list.length - WINDOW);
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function routeTimings(): Array<{ route: string; count: number; p50: number; p95: number; max: number }> {
  return [...timings.entries()]
    .map(([route, list]) => {
      const sorted = [...list].sort((a, b) => a - b);
      return { route, count: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted[sorted.length - 1] ?? 0 };
    })
    .sort((a, b) => b.p95 - a.p95);
}
