import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { markdownPlugin } from './web/markdown-plugin';
import { isolatedUnitFiles } from './test/unit-isolated';

// The pure-code projects (unit, infra, web) run first, on every core (vitest's default leaves one
// idle, which on two cores is half the machine), and share modules between the files of a worker
// instead of importing aws-cdk-lib, zod or React again for each file: their tests build what they
// need per test, and web/src/test/setup.ts resets the page after every test.
const cores = availableParallelism();

// One config, several projects: pure code (node), infra assertions, web components (jsdom), and
// the stack tests (integration + browser) that share one local stack started in global setup.
export default defineConfig({
  test: {
    globals: true,
    reporters: ['default'],
    projects: [
      {
        test: {
          name: 'unit',
          globals: true,
          environment: 'node',
          include: ['shared/**/*.test.ts', 'functions/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...isolatedUnitFiles],
          isolate: false,
          maxWorkers: cores,
        },
      },
      {
        test: {
          name: 'unit-isolated',
          globals: true,
          environment: 'node',
          include: isolatedUnitFiles,
          maxWorkers: cores,
        },
      },
      {
        test: {
          name: 'infra',
          globals: true,
          environment: 'node',
          include: ['infra/**/*.test.ts'],
          isolate: false,
          maxWorkers: cores,
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
      {
        plugins: [markdownPlugin(), react()],
        test: {
          name: 'web',
          globals: true,
          environment: 'jsdom',
          include: ['web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['web/src/test/setup.ts'],
          isolate: false,
          maxWorkers: cores,
          // Component tests wait on states (findBy*, waitFor), bounded above; not on timings.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'stack',
          globals: true,
          environment: 'node',
          include: ['test/integration/**/*.test.ts', 'test/security/**/*.test.ts', 'test/reliability/**/*.test.ts', 'test/e2e/**/*.e2e.ts'],
          globalSetup: ['test/global-setup.ts'],
          // Handlers some tests call in this process (a worker's) find source files on disk, as in the local server.
          setupFiles: ['scripts/local/local-sources.ts'],
          // Bounds on liveness, not speed: a browser test of a few steps, each waiting up to
          // 30-60 s for server-confirmed state, must not be cut off on a machine loaded 5x.
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // expect.poll waits on server-confirmed state; its 1 s default fails on a loaded machine.
          expect: { poll: { timeout: 30_000, interval: 100 } },
          maxWorkers: 2,
          // Runs after the other projects: the stack and Chromium want the two cores to themselves.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
