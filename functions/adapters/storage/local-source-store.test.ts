import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { LocalSourceStore, UploadRejected } from './local-source-store';

const KEY = 'sources/org_a/inst_a/customers/01JTESTUPLOAD.csv';

async function text(stream: Readable | undefined): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream!) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

describe('LocalSourceStore', () => {
  let root: string;
  let store: LocalSourceStore;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'qd-sources-'));
    store = new LocalSourceStore(root, { baseUrl: () => 'http://localhost:3000', secret: 'test-secret' });
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('stores, streams, and deletes a file', async () => {
    await store.put(KEY, 'id,a\n1,x\n');
    expect(await store.exists(KEY)).toBe(true);
    expect(await text(await store.open(KEY))).toBe('id,a\n1,x\n');
    await store.delete(KEY);
    expect(await store.open(KEY)).toBeUndefined();
  });

  it.each(['sources/../../etc/passwd.csv', '/abs/x.csv', 'sources/a/b/c/d/e.csv', 'sources/a/b/c/x.txt'])('refuses the key %s', async (key) => {
    await expect(store.put(key, 'x')).rejects.toThrow(/Invalid source key/);
  });

  it('accepts an upload to its signed URL, with the signed size and type', async () => {
    // Prepare
    const body = 'id,a\n1,x\n';
    const target = await store.uploadTarget(KEY, { bytes: body.length, contentType: 'text/csv' });
    const query = new URL(target.url).searchParams;

    // Act
    const accepted = await store.acceptUpload(query, 'text/csv', body.length, Readable.from([Buffer.from(body)]));

    // Assess
    expect(accepted).toEqual({ key: KEY, bytes: body.length });
    expect(target.url.startsWith('http://localhost:3000/_local/uploads?')).toBe(true);
    expect(await text(await store.open(KEY))).toBe(body);
  });

  it.each([
    ['a tampered size', (q: URLSearchParams) => q.set('bytes', '99'), 'text/csv', 403],
    ['another content type', () => undefined, 'text/plain', 403],
    ['a forged key', (q: URLSearchParams) => q.set('key', 'sources/org_b/inst_b/x/01J.csv'), 'text/csv', 403],
    ['an expired URL', (q: URLSearchParams) => q.set('expires', '1'), 'text/csv', 403],
  ])('rejects %s', async (_label, tamper, contentType, status) => {
    const target = await store.uploadTarget(KEY, { bytes: 9, contentType: 'text/csv' });
    const query = new URL(target.url).searchParams;
    tamper(query);
    const error = await store.acceptUpload(query, contentType, 9, Readable.from([Buffer.from('id,a\n1,x\n')])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadRejected);
    expect((error as UploadRejected).status).toBe(status);
    expect(await store.exists(KEY)).toBe(false);
  });

  it('rejects a body longer or shorter than signed, keeping nothing', async () => {
    const target = await store.uploadTarget(KEY, { bytes: 4, contentType: 'text/csv' });
    const query = new URL(target.url).searchParams;
    await expect(store.acceptUpload(query, 'text/csv', undefined, Readable.from([Buffer.from('id,a\n1,x\n')]))).rejects.toThrow(/larger than announced/);
    await expect(store.acceptUpload(query, 'text/csv', undefined, Readable.from([Buffer.from('id')]))).rejects.toThrow(/shorter than announced/);
    expect(await store.exists(KEY)).toBe(false);
  });
});
