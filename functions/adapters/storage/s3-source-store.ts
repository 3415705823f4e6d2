import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, NoSuchKey, NotFound, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import type { SourceStore, UploadTarget } from '../../domain/sources/source-store';

// Source files in the stateful stack's bucket. The browser uploads straight to S3 with a
// presigned PUT (a Lambda request body is capped at 6 MB); the signed Content-Length makes S3
// refuse any body but the announced size, so the size limit holds without a proxy.

export class S3SourceStore implements SourceStore {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  async put(key: string, body: Readable | Buffer | string): Promise<{ bytes: number }> {
    const buffer = typeof body === 'string' || Buffer.isBuffer(body) ? Buffer.from(body) : await collect(body);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: buffer, ContentType: 'text/csv' }));
    return { bytes: buffer.length };
  }

  async open(key: string): Promise<Readable | undefined> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return out.Body instanceof Readable ? out.Body : undefined;
    } catch (error) {
      if (error instanceof NoSuchKey) return undefined;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (error instanceof NotFound || error instanceof NoSuchKey) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async uploadTarget(key: string, options: { bytes: number; contentType: string; expiresInSeconds?: number }): Promise<UploadTarget> {
    const expiresIn = options.expiresInSeconds ?? 900;
    const command = new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: options.contentType, ContentLength: options.bytes });
    const url = await getSignedUrl(this.client, command, { expiresIn, signableHeaders: new Set(['content-type', 'content-length']) });
    return { url, method: 'PUT', headers: { 'content-type': options.contentType }, expiresAt: new Date(Date.now() + expiresIn * 1000).toISOString() };
  }
}

/** Small files only (the seed and tests); uploads of real files go through uploadTarget. */
async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}
