import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildFunctions, functionEntries } from '../build-functions';

// Prepare: a throwaway functions tree; the real route table is never touched.
const root = mkdtempSync(path.join(os.tmpdir(), 'qd-build-functions-'));
const sourceDir = path.join(root, 'functions');
const outDir = path.join(root, 'out');
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(sourceDir, file)), { recursive: true });
  writeFileSync(path.join(sourceDir, file), text);
};
write('http/things/get-thing.ts', "import sep from './legacy.cjs';\nexport const handler = async () => ({ statusCode: 200, body: sep });\n");
// A CommonJS dependency that calls require(): only works in ESM thanks to the createRequire banner.
write('http/things/legacy.cjs', "module.exports = require('node:path').sep;\n");
write('worker/suggestions.ts', 'export const handler = async () => ({ batchItemFailures: [] });\n');
write('worker/suggestions.test.ts', '');
const routes = [{ method: 'GET', path: '/api/things/{thingId}', handler: 'http/things/get-thing' }] as const;

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('buildFunctions', () => {
  it('bundles each route and worker into <name>/index.mjs with a source map', async () => {
    const { entries } = await buildFunctions({ routes, sourceDir, outDir });

    expect(entries.map((e) => e.name)).toEqual(['get-things-thingId', 'worker-suggestions']);
    for (const { name } of entries) {
      expect(existsSync(path.join(outDir, name, 'index.mjs'))).toBe(true);
      expect(existsSync(path.join(outDir, name, 'index.mjs.map'))).toBe(true);
    }
    const bundle = path.join(outDir, 'get-things-thingId', 'index.mjs');
    expect(readFileSync(bundle, 'utf8')).toMatch(/^import \{ createRequire/);
    const { handler } = await import(pathToFileURL(bundle).href);
    await expect(handler()).resolves.toEqual({ statusCode: 200, body: path.sep });
  });

  it('names the missing handler file instead of skipping it', async () => {
    const missing = [...routes, { method: 'POST', path: '/api/things', handler: 'http/things/create-thing' }] as const;
    await expect(buildFunctions({ routes: missing, sourceDir, outDir })).rejects.toThrow(/things[/\\]create-thing\.ts/);
  });

  it('refuses two routes whose function names collide', () => {
    const colliding = [...routes, { method: 'GET', path: '/api/things-{thingId}', handler: 'http/things/other' }] as const;
    expect(() => functionEntries({ routes: colliding, sourceDir })).toThrow(/get-things-thingId/);
  });

  it('gives every route of the real table its own function name', () => {
    const names = functionEntries().map((e) => e.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
