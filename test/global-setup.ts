import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalStack, type LocalStack } from '../scripts/local/stack';

// Starts the real local stack once per run (DynamoDB Local in memory, cognito-local in a temp dir,
// the API and the built SPA on a free port, in a child process of its own) for the integration and
// browser tests.

export const EMERGENCY_CODE = 'TEST-EMERGENCY-CODE-0001';

let stack: LocalStack | undefined;

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    stackEnv: Record<string, string>;
    emergencyCode: string;
    mailDir: string;
  }
}

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  process.env.LOG_LEVEL ??= 'warn';
  // Every test request comes from this one machine: the per-source sign-in budget (which counts
  // unsuccessful attempts over all accounts) is proven in unit tests, not spent by the suite.
  process.env.LOGIN_SOURCE_MAX_ATTEMPTS ??= '1000';
  stack = await startLocalStack({
    port: 0,
    webDist: path.resolve(import.meta.dirname, '..', 'web', 'dist'),
    demoMode: true,
    emergencyAccessCode: EMERGENCY_CODE,
    stage: 'test',
    appProcess: true,
  });
  project.provide('baseUrl', stack.url);
  project.provide('stackEnv', stack.env);
  project.provide('emergencyCode', EMERGENCY_CODE);
  project.provide('mailDir', stack.mailDir);
  return async () => {
    await stack?.stop();
  };
}
