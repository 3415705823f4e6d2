import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ownedChild } from './child-process';

// Starts scripts/local/app-process.ts as a child process and resolves with its URL once it listens.
// Its stderr goes to `log` (or this process's stderr); its stdout is read for the `ready <url>` line.

export interface AppChild {
  url: string;
  port: number;
  child: ChildProcess;
  /** SIGTERM, then SIGKILL after 10 s; resolves when the process has exited. */
  stop(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, '..', '..');

export function startAppChild(env: NodeJS.ProcessEnv, options: { startTimeoutMs?: number; onSpawn?: (child: ChildProcess) => void } = {}): Promise<AppChild> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'local', 'app-process.ts')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] });
  const stop = ownedChild(child, 10_000);
  options.onSpawn?.(child);
  const timeoutMs = options.startTimeoutMs ?? 180_000;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the app process did not start within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const url = /^ready (\S+)$/.exec(line)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ url, port: Number(new URL(url).port), child, stop });
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the app process exited (${code ?? signal}) before it was ready`));
    });
  });
}
