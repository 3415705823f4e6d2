import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptCorrelationId, currentCorrelationId, logger, withLogScope } from './logger';

function captured(spy: { mock: { calls: unknown[][] } }): Array<Record<string, unknown>> {
  return spy.mock.calls
    .map((c) => String(c[0]))
    .flatMap((chunk) => chunk.split('\n'))
    .filter((line) => line.trim().startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('logger facade over Powertools', () => {
  let out: ReturnType<typeof vi.spyOn>;
  let err: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    process.env.LOG_LEVEL = 'debug';
    out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  });
  afterEach(() => {
    out.mockRestore();
    err.mockRestore();
    delete process.env.LOG_LEVEL;
  });

  const lines = () => [...captured(out), ...captured(err)];

  it('writes one JSON line with service, level, message and fields', () => {
    logger.info('hello', { rows: 3 });
    const [line] = lines();
    expect(line).toMatchObject({ level: 'INFO', message: 'hello', service: 'quality-desk', rows: 3 });
  });

  it('honours LOG_LEVEL read per line', () => {
    process.env.LOG_LEVEL = 'warn';
    logger.info('quiet');
    logger.warn('loud');
    expect(lines().map((l) => l.message)).toEqual(['loud']);
  });

  it('carries the correlation id and local Lambda context of its own request only, also across awaits', async () => {
    const context = { functionName: 'get-api-issues', awsRequestId: 'req-a', memoryLimitInMB: '512', invokedFunctionArn: 'arn:x' } as never;
    await Promise.all([
      withLogScope({ correlationId: 'cid-a', context }, async () => {
        await new Promise((r) => setTimeout(r, 5));
        logger.info('a');
      }),
      withLogScope({ correlationId: 'cid-b' }, async () => {
        logger.info('b');
        await new Promise((r) => setTimeout(r, 10));
        expect(currentCorrelationId()).toBe('cid-b');
      }),
    ]);
    logger.info('outside');
    const byMessage = Object.fromEntries(lines().map((l) => [l.message, l]));
    expect(byMessage.a).toMatchObject({ correlation_id: 'cid-a', function_name: 'get-api-issues', function_request_id: 'req-a' });
    expect(byMessage.b).toMatchObject({ correlation_id: 'cid-b' });
    expect(byMessage.b).not.toHaveProperty('function_name');
    expect(byMessage.outside).not.toHaveProperty('correlation_id');
  });
});

describe('acceptCorrelationId', () => {
  it('keeps a short plain id and replaces anything else with the fallback', () => {
    expect(acceptCorrelationId('abc-123_x.y:z', 'fb')).toBe('abc-123_x.y:z');
    expect(acceptCorrelationId(undefined, 'fb')).toBe('fb');
    expect(acceptCorrelationId('', 'fb')).toBe('fb');
    expect(acceptCorrelationId('a'.repeat(101), 'fb')).toBe('fb');
    expect(acceptCorrelationId('bad id\n{"level":"ERROR"}', 'fb')).toBe('fb');
  });
});
