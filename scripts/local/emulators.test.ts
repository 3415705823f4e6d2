import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A crash of the process that started the emulators takes them with it: `npm start` ending on an
// uncaught exception left DynamoDB Local running, holding its port and data files.

const ROOT = path.resolve(import.meta.dirname, '..', '..');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('local emulators', () => {
  it('end when the process that started them dies of an uncaught exception', async () => {
    const script = `
      import { startDynamoDb } from ${JSON.stringify(path.join(ROOT, 'scripts', 'local', 'emulators.ts'))};
      const fs = await import('node:fs');
      const dynamo = await startDynamoDb({});
      // The Java process serving that port, found in /proc (a minimal image has no pgrep).
      const serves = (pid) => {
        try {
          return fs.readFileSync('/proc/' + pid + '/cmdline', 'utf8').split(String.fromCharCode(0)).join(' ').includes('-port ' + dynamo.port + ' ');
        } catch {
          return false;
        }
      };
      const pids = fs.readdirSync('/proc').filter((name) => /^[0-9]+$/.test(name) && serves(name));
      process.stdout.write('pids ' + pids.join(' ') + '\\n');
      setTimeout(() => { throw new Error('crash on purpose'); }, 10);
    `;
    const proc = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => proc.once('exit', resolve));
    expect(code).not.toBe(0);
    const pids = (/pids ([\d\s]+)/.exec(out)?.[1] ?? '').trim().split(/\s+/).filter(Boolean).map(Number);
    expect(pids.length).toBeGreaterThan(0);
    const deadline = Date.now() + 30_000;
    while (pids.some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(pids.filter(alive)).toEqual([]);
  }, 120_000);
});
