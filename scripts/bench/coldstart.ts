import { execFile } from 'node:child_process';
import { readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { buildFunctions } from '../../infra/build-functions';
import { repoRoot } from '../../infra/lib/paths';
import { line, timingOf } from './measure';

// npm run bench -- coldstart: what a Lambda cold start pays for our code. Bundles every function
// as the deploy does (infra/build-functions.ts), then imports each bundle in a FRESH Node process
// (nothing cached) and times the module import: the init phase of a cold start, minus the runtime's
// own start. Prints, per function kind (route / worker), the minified bundle size and the import
// time, median and worst, against issue 9's targets, and the import time with the runtime's AWS SDK
// packages loaded beforehand (what our code costs beyond the SDK); `--routes` also prints one line
// per bundle.
// The machine's load is printed with the figures: import times on a busy machine are loaded figures.

const SIZE_TARGET_KB = 300;
const IMPORT_TARGET_MS = 150;
const run$ = promisify(execFile);

/** The AWS SDK packages a bundle loads (the runtime provides them; the bundle require()s them). */
function sdkPackagesOf(file: string): string[] {
  return [...new Set([...readFileSync(file, 'utf8').matchAll(/"(@aws-sdk\/[a-z0-9-]+)"/g)].map((m) => m[1]!))].sort();
}

/**
 * Imports one bundle in a fresh process; resolves the import's duration in ms. With `preload`,
 * those packages are loaded first, untimed: what the import costs beyond the runtime's SDK.
 */
async function importTime(file: string, preload: readonly string[] = []): Promise<number> {
  const before = preload.map((p) => `require(${JSON.stringify(p)});`).join(' ');
  const script = `import { createRequire } from 'node:module'; const require = createRequire(${JSON.stringify(pathToFileURL(file).href)}); ${before} const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); process.stdout.write(String(performance.now() - t));`;
  const { stdout } = await run$(process.execPath, ['--input-type=module', '-e', script], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      // What a deployed function finds in its environment (values are never used by an import).
      AWS_REGION: 'us-east-1',
      TABLE_NAME: 'coldstart',
      USER_POOL_ID: 'us-east-1_coldstart',
      USER_POOL_CLIENT_ID: 'coldstart',
      STAGE: 'coldstart',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
    timeout: 30_000,
  });
  const ms = Number(stdout.trim());
  if (!Number.isFinite(ms)) throw new Error(`no timing from ${file}: ${stdout}`);
  return ms;
}

const round = (n: number) => Math.round(n * 10) / 10;

export async function run(args: string[] = []): Promise<boolean> {
  const perRoute = args.includes('--routes');
  // Inside the repository, so the bundles resolve @aws-sdk/* (external, as the Lambda runtime provides it).
  const outDir = path.join(repoRoot, '.build', 'coldstart');
  const started = Date.now();
  const { entries } = await buildFunctions({ outDir });
  const buildSeconds = (Date.now() - started) / 1000;
  const load = os.loadavg().map((l) => round(l));
  const measured: Array<{ name: string; kind: 'route' | 'worker'; kb: number; ms: number; ownMs: number }> = [];
  try {
    for (const entry of entries) {
      const file = path.join(outDir, entry.name, 'index.mjs');
      const kb = round(statSync(file).size / 1024);
      const ms = await importTime(file);
      const ownMs = await importTime(file, sdkPackagesOf(file));
      const kind = entry.name.startsWith('worker-') ? 'worker' : 'route';
      measured.push({ name: entry.name, kind, kb, ms: round(ms), ownMs: round(ownMs) });
      if (perRoute) line('coldstart', { metric: 'function', name: entry.name, bundleKB: kb, importMs: round(ms), ownImportMs: round(ownMs) });
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
  let passed = true;
  for (const kind of ['route', 'worker'] as const) {
    const group = measured.filter((m) => m.kind === kind);
    if (group.length === 0) continue;
    const sizes = timingOf(group.map((m) => m.kb));
    const times = timingOf(group.map((m) => m.ms));
    const biggest = group.reduce((a, b) => (b.kb > a.kb ? b : a));
    const slowest = group.reduce((a, b) => (b.ms > a.ms ? b : a));
    line('coldstart', { metric: 'bundleKB', kind, functions: group.length, median: sizes.p50, worst: sizes.max, worstFunction: biggest.name, target: SIZE_TARGET_KB });
    line('coldstart', { metric: 'importMs', kind, functions: group.length, p50: times.p50, p95: times.p95, worst: times.max, worstFunction: slowest.name, target: IMPORT_TARGET_MS, loadAverage: load });
    // The same imports with the runtime's SDK packages already loaded: the share that is our code.
    const own = timingOf(group.map((m) => m.ownMs));
    line('coldstart', { metric: 'importMsBeyondSdk', kind, functions: group.length, p50: own.p50, p95: own.p95, worst: own.max, loadAverage: load });
    if (sizes.max > SIZE_TARGET_KB || times.p50 > IMPORT_TARGET_MS) passed = false;
  }
  line('coldstart', { metric: 'build', seconds: round(buildSeconds), functions: entries.length });
  return passed;
}
