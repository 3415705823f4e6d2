// Business and HTTP metrics in CloudWatch embedded metric format, through Powertools for AWS Lambda
// (issue 9 item 7). One EMF line per emission (a "single metric"), so concurrent requests of the
// local process never mix their dimensions.
//
// Where the lines go (METRICS_OUTPUT):
// - `emf`: EMF JSON on stdout, which CloudWatch turns into metrics. The default in Lambda.
// - `log`: one readable debug log line per metric (`LOG_LEVEL=debug` shows them). The default
//   outside Lambda, so `npm start` stays readable and tests (LOG_LEVEL=warn) print nothing.
// - `off`: nothing (totals are still counted for GET-style inspection in tests).
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { currentCorrelationId, logger, SERVICE_NAME } from './logger';

export const METRICS_NAMESPACE = 'QualityDesk';

/** Every metric the functions emit; the CDK alarms and dashboards refer to these names. */
export const MetricName = {
  /** Rows an AI provider processed to the end (a suggestion or a definite "no confident suggestion"). */
  RowsProcessed: 'RowsProcessed',
  /** Credits written to the ledger (one per processed row). */
  CreditsCharged: 'CreditsCharged',
  /** Rows a scan read. */
  ScanRows: 'ScanRows',
  /** Answers with a 4xx status, per route. */
  Http4xx: 'Http4xx',
  /** Answers with a 5xx status, per route. */
  Http5xx: 'Http5xx',
} as const;
export type MetricName = (typeof MetricName)[keyof typeof MetricName];

export type MetricsOutput = 'emf' | 'log' | 'off';

export function metricsOutput(env: NodeJS.ProcessEnv = process.env): MetricsOutput {
  const chosen = env.METRICS_OUTPUT?.trim().toLowerCase();
  if (chosen === 'emf' || chosen === 'log' || chosen === 'off') return chosen;
  return env.AWS_LAMBDA_FUNCTION_NAME ? 'emf' : 'log';
}

let metrics: Metrics | undefined;
const totals = new Map<string, number>();

function instance(): Metrics {
  // Created on first use: a route that emits nothing pays nothing at cold start.
  metrics ??= new Metrics({ namespace: METRICS_NAMESPACE, serviceName: SERVICE_NAME });
  return metrics;
}

function totalKey(name: MetricName, dimensions: Record<string, string>): string {
  const dims = Object.entries(dimensions)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${v}`)
    .join(',');
  return dims ? `${name}|${dims}` : name;
}

/** Emits one count metric (values ≤ 0 are not emitted). Never throws: metrics must not fail a request. */
export function countMetric(name: MetricName, value: number, dimensions: Record<string, string> = {}): void {
  if (!(value > 0)) return;
  const key = totalKey(name, dimensions);
  totals.set(key, (totals.get(key) ?? 0) + value);
  const output = metricsOutput();
  if (output === 'off') return;
  if (output === 'log') {
    logger.debug('metric', { metric: name, value, ...dimensions });
    return;
  }
  try {
    const single = instance().singleMetric();
    for (const [k, v] of Object.entries(dimensions)) single.addDimension(k, v);
    const correlationId = currentCorrelationId();
    if (correlationId) single.addMetadata('correlation_id', correlationId);
    single.addMetric(name, MetricUnit.Count, value);
  } catch (error) {
    logger.warn('metric not emitted', { metric: name, error: error instanceof Error ? error.message : String(error) });
  }
}

/** Counts the status class of an HTTP answer for its route (2xx/3xx are not counted). */
export function countHttpStatus(route: string, status: number): void {
  if (status >= 500) countMetric(MetricName.Http5xx, 1, { route });
  else if (status >= 400) countMetric(MetricName.Http4xx, 1, { route });
}

/** What this process emitted so far, by `name|dim=value` (tests read it). */
export function metricTotals(): ReadonlyMap<string, number> {
  return totals;
}
