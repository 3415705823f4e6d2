// Timing helpers for the benchmarks: percentiles over repeated runs, printed as JSON lines.

export interface Timing {
  samples: number;
  p50: number;
  p95: number;
  max: number;
}

/** The p-quantile (0..1) of ascending times, nearest rank. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

export function timingOf(times: readonly number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  return { samples: sorted.length, p50: round(percentile(sorted, 0.5)), p95: round(percentile(sorted, 0.95)), max: round(sorted[sorted.length - 1]!) };
}

/** Runs fn `warmup` times unmeasured, then `samples` times measured (one at a time). */
export async function measure(samples: number, fn: (i: number) => Promise<unknown>, warmup = 5): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await fn(-1 - i);
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    await fn(i);
    times.push(performance.now() - started);
  }
  return timingOf(times);
}

export function line(bench: string, fields: Record<string, unknown>): void {
  console.log(JSON.stringify({ bench, ...fields }));
}
