import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalServer } from './server';

// The local server's web side: what a rebuild of web/dist while the stack runs does to it.

const dirs: string[] = [];
const servers: Array<{ close(): void }> = [];
afterEach(() => {
  servers.splice(0).forEach((s) => s.close());
  dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));
});

async function serve(dist: string): Promise<string> {
  const server = createLocalServer({ webDist: dist });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function build(dist: string, hash: string) {
  rmSync(dist, { recursive: true, force: true });
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), `<!doctype html><script src="/assets/app-${hash}.js"></script>`);
  writeFileSync(path.join(dist, 'assets', `app-${hash}.js`), `console.log(${JSON.stringify(hash)})`);
}

describe('local web server', () => {
  it('serves a build made while it runs: the new page and its new hashed files', async () => {
    const dist = path.join(mkdtempSync(path.join(tmpdir(), 'qd-dist-')), 'dist');
    dirs.push(path.dirname(dist));
    build(dist, 'one');
    const url = await serve(dist);
    expect(await (await fetch(`${url}/assets/app-one.js`)).text()).toContain('one');

    build(dist, 'two');
    expect(await (await fetch(`${url}/app/issues`)).text()).toContain('app-two.js');
    const asset = await fetch(`${url}/assets/app-two.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${url}/assets/app-one.js`)).status).toBe(404);
  });
});
