import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { getConfig } from '../../config';
import type { SourceStore } from '../../domain/sources/source-store';
import type { LocalSourceStore } from './local-source-store';
import { S3SourceStore } from './s3-source-store';

// The source-file store of this container: S3 when the stack names a bucket, the local directory
// otherwise. Created once per container, like the other clients. The local server registers the
// directory store when it starts (scripts/local/local-sources.ts), so the bundles deployed to AWS,
// where files live in S3, do not carry it.

let store: SourceStore | undefined;
let local: LocalSourceStore | undefined;
let createLocal: ((dir: string) => LocalSourceStore) | undefined;

export function registerLocalSourceStore(create: (dir: string) => LocalSourceStore): void {
  createLocal = create;
}

export function sourceStore(): SourceStore {
  if (store) return store;
  const config = getConfig();
  if (config.sourceBucket) {
    store = new S3SourceStore(new S3Client({ region: config.region }), config.sourceBucket);
  } else {
    if (!createLocal) throw new Error('No SOURCE_BUCKET is configured and no local source store is registered: only the local server keeps source files on disk.');
    local = createLocal(config.sourcesDir ?? path.resolve('.data', 'sources'));
    store = local;
  }
  return store;
}

/** The local store, for the local server's upload endpoint; undefined when files live in S3. */
export function localSourceStore(): LocalSourceStore | undefined {
  sourceStore();
  return local;
}
