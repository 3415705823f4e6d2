import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';

// `npm run test:stress [-- rounds]`: the browser and integration suites (vitest project "stack")
// run `rounds` times in a row (default 5, or STRESS_ROUNDS) while a CPU hog keeps every core busy,
// to prove no test depends on a quiet machine. The hog is one busy-looping child per core, started
// before the first round and killed after the last (and on Ctrl-C); each child also stops by
// itself after STRESS_HOG_MAX_MINUTES (default 120), so nothing outlives a crashed run.
// Prints one JSON line per round and a summary; exits non-zero if any round failed.

const root = path.resolve(import.meta.dirname, '..');
const rounds = Number(process.argv[2] ?? process.env.STRESS_ROUNDS ?? 5);
const hogs = Number(process.env.STRESS_HOGS ?? availableParallelism());
const hogMaxMs = Number(process.env.STRESS_HOG_MAX_MINUTES ?? 120) * 60_000;

if (!Number.isInteger(rounds) || rounds < 1) {
  console.error('rounds must be a positive integer');
  process.exit(2);
}

function run(command: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env: process.env });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

const children: ChildProcess[] = [];
const stopHog = () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
};
process.on('SIGINT', () => {
  stopHog();
  process.exit(130);
});

async function main(): Promise<void> {
  if ((await run('npm', ['run', 'build:web', '--silent'])) !== 0) throw new Error('web build failed');
  for (let i = 0; i < hogs; i++) {
    children.push(spawn(process.execPath, ['-e', `const end = Date.now() + ${hogMaxMs}; let x = 0; while (Date.now() < end) x = (x * 31 + 7) % 1000003;`], { stdio: 'ignore' }));
  }
  const results: Array<{ round: number; passed: boolean; seconds: number }> = [];
  try {
    for (let round = 1; round <= rounds; round++) {
      const started = Date.now();
      const code = await run(path.join(root, 'node_modules', '.bin', 'vitest'), ['run', '--project', 'stack']);
      const result = { round, passed: code === 0, seconds: Math.round((Date.now() - started) / 100) / 10 };
      results.push(result);
      console.log(JSON.stringify({ bench: 'stress-tests', hogs, ...result }));
    }
  } finally {
    stopHog();
  }
  const failed = results.filter((r) => !r.passed).length;
  console.log(JSON.stringify({ bench: 'stress-tests', summary: true, rounds, hogs, passed: rounds - failed, errors: failed }));
  process.exit(failed === 0 ? 0 : 1);
}

main().catch((error: unknown) => {
  stopHog();
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
