import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { SourceStore, UploadTarget } from '../../domain/sources/source-store';

// Source files on local disk (under .data/sources/ by default), for `npm start` and the tests.
// Uploads imitate S3 presigned PUTs: the URL carries the key, the exact size and an expiry, signed
// with HMAC; the local server checks the signature before streaming the body to disk.

export const LOCAL_UPLOAD_PATH = '/_local/uploads';
const KEY_SHAPE = /^sources\/[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+){2}\/[A-Za-z0-9_-]+\.csv$/;

export class UploadRejected extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export class LocalSourceStore implements SourceStore {
  private readonly secret: Buffer;

  constructor(
    private readonly root: string,
    private readonly options: { baseUrl: () => string; secret?: string },
  ) {
    this.secret = options.secret ? Buffer.from(options.secret) : randomBytes(32);
  }

  private file(key: string): string {
    // The key shape has no "..", no absolute part: a key can only name a file under root.
    if (!KEY_SHAPE.test(key)) throw new Error(`Invalid source key: ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, body: Readable | Buffer | string, maxBytes = Number.POSITIVE_INFINITY): Promise<{ bytes: number }> {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Written beside the target and renamed: a reader never sees half a file.
    const partial = `${target}.${randomBytes(4).toString('hex')}.part`;
    let bytes = 0;
    const count = new Transform({
      transform(chunk: Buffer, _enc, done) {
        bytes += chunk.length;
        if (bytes > maxBytes) done(new UploadRejected(413, 'The upload is larger than announced'));
        else done(null, chunk);
      },
    });
    const source = typeof body === 'string' || Buffer.isBuffer(body) ? Readable.from([Buffer.from(body)]) : body;
    try {
      await pipeline(source, count, createWriteStream(partial));
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return { bytes };
  }

  async open(key: string): Promise<Readable | undefined> {
    const file = this.file(key);
    if (!(await this.exists(key))) return undefined;
    return createReadStream(file, { highWaterMark: 256 * 1024 });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.file(key))).isFile();
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  private sign(key: string, bytes: number, contentType: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${key}\n${bytes}\n${contentType}\n${expires}`).digest('base64url');
  }

  async uploadTarget(key: string, options: { bytes: number; contentType: string; expiresInSeconds?: number }): Promise<UploadTarget> {
    this.file(key);
    const expires = Math.floor(Date.now() / 1000) + (options.expiresInSeconds ?? 900);
    const query = new URLSearchParams({ key, bytes: String(options.bytes), expires: String(expires), sig: this.sign(key, options.bytes, options.contentType, expires) });
    return {
      url: `${this.options.baseUrl()}${LOCAL_UPLOAD_PATH}?${query}`,
      method: 'PUT',
      headers: { 'content-type': options.contentType },
      expiresAt: new Date(expires * 1000).toISOString(),
    };
  }

  /**
   * Accepts an upload the way S3 accepts a presigned PUT: valid signature, not expired, the
   * content type and exact length that were signed. Throws UploadRejected with the status S3's
   * answer would have.
   */
  async acceptUpload(query: URLSearchParams, contentType: string | undefined, contentLength: number | undefined, body: Readable): Promise<{ key: string; bytes: number }> {
    const key = query.get('key') ?? '';
    const bytes = Number(query.get('bytes'));
    const expires = Number(query.get('expires'));
    const given = Buffer.from(query.get('sig') ?? '');
    const wanted = Buffer.from(this.sign(key, bytes, contentType ?? '', expires));
    if (!KEY_SHAPE.test(key) || given.length !== wanted.length || !timingSafeEqual(given, wanted)) throw new UploadRejected(403, 'Signature does not match');
    if (expires < Date.now() / 1000) throw new UploadRejected(403, 'Request has expired');
    if (contentLength !== undefined && contentLength !== bytes) throw new UploadRejected(400, 'Content-Length does not match the signed size');
    const written = await this.put(key, body, bytes);
    if (written.bytes !== bytes) {
      await this.delete(key);
      throw new UploadRejected(400, 'The upload is shorter than announced');
    }
    return { key, bytes: written.bytes };
  }
}
