import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isolatedUnitFiles } from '../test/unit-isolated';

// The unit and infra projects share modules between the test files of a worker (vitest.config.ts):
// a file that changes process-wide state without undoing it would change the files after it, in
// an order that differs from run to run. Such files run isolated, and this test keeps the list true.

const root = path.resolve(import.meta.dirname, '..');

/** What a test file may not do outside the isolated list: each pattern, and the undo that makes it harmless. */
const processWide: Array<{ what: string; pattern: RegExp; undo?: RegExp }> = [
  { what: 'assigns an environment variable', pattern: /process\.env\.\w+\s*=[^=]|Object\.assign\(\s*process\.env|delete\s+process\.env/ },
  { what: 'mocks a module', pattern: /vi\.(do)?mock\(/ },
  { what: 'fakes timers', pattern: /vi\.useFakeTimers\(/, undo: /vi\.useRealTimers\(/ },
  { what: 'stubs an environment variable', pattern: /vi\.stubEnv\(/, undo: /vi\.unstubAllEnvs\(/ },
  { what: 'stubs a global', pattern: /vi\.stubGlobal\(/, undo: /vi\.unstubAllGlobals\(/ },
];

function processWideChanges(source: string): string[] {
  return processWide.filter(({ pattern, undo }) => pattern.test(source) && !(undo && undo.test(source))).map(({ what }) => what);
}

function testFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.test\.ts$/.test(f) && !f.split(path.sep).includes('node_modules'))
    .map((f) => path.join(dir, f).split(path.sep).join('/'));
}

describe('test files that share a worker', () => {
  it('recognises each kind of process-wide change, and its undo', () => {
    expect(processWideChanges("process.env.MODE = 'x';")).toEqual(['assigns an environment variable']);
    expect(processWideChanges("if (process.env.MODE === 'x') run();")).toEqual([]);
    expect(processWideChanges("vi.mock('./clock');")).toEqual(['mocks a module']);
    expect(processWideChanges('vi.useFakeTimers();')).toEqual(['fakes timers']);
    expect(processWideChanges('vi.useFakeTimers(); afterEach(() => vi.useRealTimers());')).toEqual([]);
    expect(processWideChanges("vi.stubEnv('A', 'b'); vi.unstubAllEnvs();")).toEqual([]);
  });

  it('change no process-wide state they do not undo, unless they run isolated', () => {
    const shared = ['shared', 'functions', 'scripts', 'infra'].flatMap(testFiles).filter((f) => !isolatedUnitFiles.includes(f) && f !== 'scripts/vitest-isolation.test.ts'); // this file's examples are strings
    expect(shared.length).toBeGreaterThan(100);
    const offenders = shared.flatMap((f) => processWideChanges(readFileSync(path.join(root, f), 'utf8')).map((what) => `${f} ${what}`));
    expect(offenders).toEqual([]);
  });

  it('lists only files that exist', () => {
    const all = new Set(['functions', 'scripts', 'shared'].flatMap(testFiles));
    expect(isolatedUnitFiles.filter((f) => !all.has(f))).toEqual([]);
  });
});
