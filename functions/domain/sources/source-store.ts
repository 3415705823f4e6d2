import type { Readable } from 'node:stream';

// The port for datasets' source files (issue 4 §1): S3 in AWS, a directory under .data/ locally.
// A file is addressed by a key the use cases build with sourceFileKey, tenant first, so one
// tenant's key can never name another's file.

export interface SourceFileRef {
  organizationId: string;
  instanceId: string;
  datasetId: string;
  /** One upload of the dataset's data (a ULID): a new upload never overwrites the file a scan reads. */
  uploadId: string;
}

export function sourceFileKey(ref: SourceFileRef): string {
  return `sources/${ref.organizationId}/${ref.instanceId}/${ref.datasetId}/${ref.uploadId}.csv`;
}

/** Where the browser sends a file: a presigned PUT in AWS, the local server's signed URL locally. */
export interface UploadTarget {
  url: string;
  method: 'PUT';
  /** Headers the upload must carry exactly (they are part of the signature). */
  headers: Record<string, string>;
  expiresAt: string;
}

export interface SourceStore {
  /** Stores a file from a stream (or a whole buffer for small files); answers the bytes written. */
  put(key: string, body: Readable | Buffer | string): Promise<{ bytes: number }>;
  /** Streams a stored file; undefined when there is none. */
  open(key: string): Promise<Readable | undefined>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** A URL the browser may PUT exactly `bytes` bytes to, for a short while. */
  uploadTarget(key: string, options: { bytes: number; contentType: string; expiresInSeconds?: number }): Promise<UploadTarget>;
}
