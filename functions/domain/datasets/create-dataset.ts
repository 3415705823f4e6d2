import { datasetIdFromName, newDatasetIdSchema } from '../../../shared/schemas/datasets';
import { ValidationFailed } from '../errors';
import type { Clock } from '../issues/resolve-issue';
import type { DatasetSource } from '../scans/ports';
import { inspectCsv } from '../sources/csv-source';
import { sourceFileKey, type SourceStore, type UploadTarget } from '../sources/source-store';
import type { DatasetRecord, InstanceRecord } from '../tenancy/records';

// Creating a dataset by uploading a CSV (issue 4 §1), in two calls: the browser asks for an upload
// target and sends the file straight to storage (S3 presigned PUT in AWS, the local server
// locally, with a progress bar), then names the dataset and its record key column. The file is
// read once, streamed, to validate it (line-numbered 400s) and learn its header and row count.

/** Files uploaded for a dataset not yet created live under this pseudo dataset id. */
export const NEW_UPLOADS = '_new';

export async function createUpload(
  deps: { sources: SourceStore; clock: Clock },
  instance: InstanceRecord,
  request: { size: number; contentType: string },
): Promise<{ uploadId: string; upload: UploadTarget }> {
  const uploadId = deps.clock.newId();
  const key = sourceFileKey({ organizationId: instance.organizationId, instanceId: instance.id, datasetId: NEW_UPLOADS, uploadId });
  return { uploadId, upload: await deps.sources.uploadTarget(key, { bytes: request.size, contentType: request.contentType }) };
}

export interface CreateDatasetDeps {
  sources: SourceStore;
  clock: Clock;
  datasets: { createDataset(dataset: DatasetRecord, source: DatasetSource): Promise<void> };
}

export async function createDataset(
  deps: CreateDatasetDeps,
  instance: InstanceRecord,
  request: { name: string; id?: string; recordKey: string; uploadId: string; fileName: string },
  by: string,
): Promise<{ dataset: DatasetRecord; source: DatasetSource }> {
  const id = request.id ?? datasetIdFromName(request.name);
  if (!newDatasetIdSchema.safeParse(id).success) {
    throw new ValidationFailed('The dataset name must contain letters or digits', [{ field: 'name', message: 'must contain letters or digits' }]);
  }
  const key = sourceFileKey({ organizationId: instance.organizationId, instanceId: instance.id, datasetId: NEW_UPLOADS, uploadId: request.uploadId });
  const stream = await deps.sources.open(key);
  if (!stream) throw new ValidationFailed('The upload was not found. Please upload the file again.', [{ field: 'uploadId', message: 'no uploaded file' }]);
  const stats = await inspectCsv(stream, { recordKey: request.recordKey });
  const now = deps.clock.now().toISOString();
  const dataset: DatasetRecord = {
    id,
    name: request.name,
    organizationId: instance.organizationId,
    instanceId: instance.id,
    onboardingStatus: 'needs_finalization',
    recordKey: request.recordKey,
    totalRecords: stats.rows,
    lastScanTime: null,
    createdAt: now,
  };
  const source: DatasetSource = { key, fileName: request.fileName, columns: stats.columns, rows: stats.rows, bytes: stats.bytes, uploadedAt: now, uploadedBy: by };
  await deps.datasets.createDataset(dataset, source);
  return { dataset, source };
}
