import { S3Client } from '@aws-sdk/client-s3';
import { S3SourceStore } from './s3-source-store';

describe('S3SourceStore.uploadTarget', () => {
  it('presigns a PUT that binds the content type and the exact length', async () => {
    // Prepare: presigning is local computation; no request leaves the process.
    const client = new S3Client({ region: 'eu-west-1', credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' } });
    const store = new S3SourceStore(client, 'quality-desk-sources-dev');

    // Act
    const target = await store.uploadTarget('sources/org_a/inst_a/customers/01J.csv', { bytes: 1234, contentType: 'text/csv', expiresInSeconds: 600 });

    // Assess
    const url = new URL(target.url);
    expect(url.hostname).toBe('quality-desk-sources-dev.s3.eu-west-1.amazonaws.com');
    expect(url.pathname).toBe('/sources/org_a/inst_a/customers/01J.csv');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('600');
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(expect.arrayContaining(['content-length', 'content-type', 'host']));
    expect(target).toMatchObject({ method: 'PUT', headers: { 'content-type': 'text/csv' } });
  });
});
