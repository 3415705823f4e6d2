// Unit test files that change process-wide state (environment variables, module mocks, fake
// timers): each runs in a fresh module graph of its own. Every other unit, infra and web test file
// shares its worker's modules with the files before it (vitest's isolate: false), which on two
// cores takes the pure-code projects from about five minutes to under two; a file that changes
// such state must be listed here (scripts/vitest-isolation.test.ts fails otherwise).
export const isolatedUnitFiles = [
  'functions/http/qa/qa-only.test.ts',
  'functions/http/session/demo-only.test.ts',
  'functions/lib/logger.test.ts',
  'functions/lib/metrics.test.ts',
];
