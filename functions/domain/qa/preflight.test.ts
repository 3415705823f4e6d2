import { describe, expect, it } from 'vitest';
import { DEFAULT_EMERGENCY_CODE, runPreflight, type PreflightPorts, type WebResponse } from './preflight';

const INDEX = '<!doctype html><script type="module" src="/assets/index-abc123.js"></script>';

function healthy(overrides: Partial<PreflightPorts> = {}): PreflightPorts {
  return {
    stage: 'dev',
    local: false,
    appVersion: '1.0.0',
    demoMode: false,
    emergencyCode: '',
    caller: { email: 'a@example.com', tokenVerified: true },
    describeTable: async () => ({ status: 'ACTIVE', indexes: [{ name: 'byLookup', status: 'ACTIVE' }, { name: 'issuesByStatus', status: 'ACTIVE' }] }),
    expectedIndexes: ['byLookup', 'issuesByStatus'],
    pingIdentity: async () => undefined,
    queue: async () => ({ kind: 'sqs', running: true, depth: 0, deadLetters: 0 }),
    aiProvider: () => ({ name: 'builtin', ready: true, model: 'builtin' }),
    webUrl: 'https://app.example.com',
    fetch: async (url): Promise<WebResponse> =>
      url.endsWith('/')
        ? { status: 200, body: INDEX, headers: { 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff', 'referrer-policy': 'strict-origin-when-cross-origin', 'x-frame-options': 'DENY', 'strict-transport-security': 'max-age=31536000' } }
        : { status: 200, body: '', headers: { 'cache-control': 'public, max-age=31536000, immutable' } },
    ...overrides,
  };
}

describe('preflight', () => {
  it('passes every check on a healthy stage', async () => {
    const result = await runPreflight(healthy());
    expect(result.overall_status).toBe('passed');
    expect(result.summary).toEqual({ total: 9, passed: 9, failed: 0, warnings: 0 });
  });

  it('fails the queue check with a recommendation when the queue is stopped', async () => {
    const result = await runPreflight(healthy({ queue: async () => ({ kind: 'in-process', running: false, depth: 3, deadLetters: 0 }) }));
    expect(result.overall_status).toBe('failed');
    expect(result.preflight_tests.queue).toMatchObject({ status: 'failed', error: expect.stringContaining('stopped'), recommendation: expect.stringContaining('Restart') });
    expect(result.summary.failed).toBe(1);
  });

  it.each([
    ['demo mode on a deployed stage', { demoMode: true }, 'demo_mode'],
    ['the default emergency code on a deployed stage', { emergencyCode: DEFAULT_EMERGENCY_CODE }, 'emergency_code'],
    ['a missing index', { describeTable: async () => ({ status: 'ACTIVE', indexes: [{ name: 'byLookup', status: 'ACTIVE' }] }) }, 'table_and_indexes'],
    ['an unconfigured provider', { aiProvider: () => ({ name: 'openai', ready: false, model: 'x' }) }, 'ai_provider'],
    ['an unreachable user pool', { pingIdentity: async () => Promise.reject(new Error('ResourceNotFoundException')) }, 'sign_in_round_trip'],
    ['a page without security headers', { fetch: async () => ({ status: 200, body: INDEX, headers: { 'cache-control': 'no-cache' } }) }, 'cors_security_headers'],
  ] as const)('fails on %s', async (_name, override, key) => {
    const result = await runPreflight(healthy(override as Partial<PreflightPorts>));
    expect(result.preflight_tests[key]!.status).toBe('failed');
    expect(result.preflight_tests[key]!.recommendation).toBeTruthy();
  });

  it('accepts demo mode and the default code on the local stack', async () => {
    const result = await runPreflight(healthy({ local: true, demoMode: true, emergencyCode: DEFAULT_EMERGENCY_CODE }));
    expect(result.overall_status).toBe('passed');
  });

  it('warns, not fails, when assets are not cached long', async () => {
    const result = await runPreflight(
      healthy({ fetch: async (url): Promise<WebResponse> => ({ status: 200, body: INDEX, headers: url.endsWith('/') ? { 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'x-frame-options': 'DENY', 'strict-transport-security': 'max-age=1' } as Record<string, string> : {} }) }),
    );
    expect(result.preflight_tests.web_assets!.status).toBe('warned');
    expect(result.overall_status).toBe('passed');
    expect(result.summary.warnings).toBe(1);
  });
});
