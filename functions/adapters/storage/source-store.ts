import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { getConfig } from '../../config';
import type { SourceStore } from '../../domain/sources/source-store';
import { LocalSourceStore } from './local-source-store';
import { S3SourceStore } from './s3-source-store';

// The source-file store of this container: S3 when the stack names a bucket, the local directory
// otherwise. Created once per container, like the other clients.

let store: SourceStore | undefined;
let local: LocalSourceStore | undefined;

export function sourceStore(): SourceStore {
  if (store) return store;
  const config = getConfig();
  if (config.sourceBucket) {
    store = new S3SourceStore(new S3Client({ region: config.region }), config.sourceBucket);
  } else {
    // Upload URLs are relative: the browser sends the file to the origin that served the app.
    local = new LocalSourceStore(config.sourcesDir ?? path.resolve('.data', 'sources'), { baseUrl: () => '' });
    store = local;
  }
  return store;
}

/** The local store, for the local server's upload endpoint; undefined when files live in S3. */
export function localSourceStore(): LocalSourceStore | undefined {
  sourceStore();
  return local;
}
