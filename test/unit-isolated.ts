// Unit test files that change process-wide state (environment variables, module mocks, fake
// timers): each runs in a module graph of its own, while the other unit, infra and web test files
// share their worker's modules (vitest.config.ts). scripts/vitest-isolation.test.ts keeps the list true.
export const isolatedUnitFiles = [
  'functions/http/qa/qa-only.test.ts',
  'functions/http/session/demo-only.test.ts',
  'functions/lib/logger.test.ts',
  'functions/lib/metrics.test.ts',
];
