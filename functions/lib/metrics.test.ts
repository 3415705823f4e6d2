import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withLogScope } from './logger';
import { countHttpStatus, countMetric, MetricName, metricsOutput, metricTotals } from './metrics';

function jsonLines(spy: { mock: { calls: unknown[][] } }): Array<Record<string, any>> {
  return spy.mock.calls
    .flatMap((c) => String(c[0]).split('\n'))
    .filter((line) => line.trim().startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, any>);
}

describe('metrics', () => {
  let out: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  });
  afterEach(() => {
    out.mockRestore();
    delete process.env.METRICS_OUTPUT;
    delete process.env.LOG_LEVEL;
  });

  it('chooses EMF in Lambda, readable log lines locally, and what METRICS_OUTPUT says', () => {
    expect(metricsOutput({ AWS_LAMBDA_FUNCTION_NAME: 'f' })).toBe('emf');
    expect(metricsOutput({})).toBe('log');
    expect(metricsOutput({ METRICS_OUTPUT: 'off', AWS_LAMBDA_FUNCTION_NAME: 'f' })).toBe('off');
  });

  it('writes one embedded-metric-format line per emission, with its dimensions and correlation id', () => {
    process.env.METRICS_OUTPUT = 'emf';
    withLogScope({ correlationId: 'cid-7' }, () => countHttpStatus('GET /api/issues', 503));
    const [line] = jsonLines(out);
    expect(line?._aws?.CloudWatchMetrics?.[0]).toMatchObject({
      Namespace: 'QualityDesk',
      Metrics: [{ Name: 'Http5xx', Unit: 'Count' }],
    });
    expect(line?._aws?.CloudWatchMetrics?.[0]?.Dimensions?.[0]).toEqual(expect.arrayContaining(['route', 'service']));
    expect(line).toMatchObject({ Http5xx: 1, route: 'GET /api/issues', service: 'quality-desk', correlation_id: 'cid-7' });
  });

  it('counts 4xx and 5xx per route, not successes', () => {
    process.env.METRICS_OUTPUT = 'off';
    const before = (k: string) => metricTotals().get(k) ?? 0;
    const k4 = 'Http4xx|route=POST /api/x';
    const k5 = 'Http5xx|route=POST /api/x';
    const [b4, b5] = [before(k4), before(k5)];
    countHttpStatus('POST /api/x', 200);
    countHttpStatus('POST /api/x', 404);
    countHttpStatus('POST /api/x', 500);
    expect(metricTotals().get(k4)).toBe(b4 + 1);
    expect(metricTotals().get(k5)).toBe(b5 + 1);
    expect(jsonLines(out)).toEqual([]);
  });

  it('prints nothing locally at the tests log level, and a readable debug line when asked', () => {
    process.env.LOG_LEVEL = 'warn';
    countMetric(MetricName.ScanRows, 12);
    expect(jsonLines(out)).toEqual([]);
    process.env.LOG_LEVEL = 'debug';
    countMetric(MetricName.ScanRows, 12);
    expect(jsonLines(out)[0]).toMatchObject({ level: 'DEBUG', message: 'metric', metric: 'ScanRows', value: 12 });
  });
});
