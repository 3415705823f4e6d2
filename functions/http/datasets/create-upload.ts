import { createUploadRequestSchema, type CreateUploadResponse } from '../../../shared/schemas/datasets';
import { createUpload } from '../../domain/datasets/create-dataset';
import { defineRoute, requireInstance } from '../define-route';
import { dataInDeps } from './deps';

// Step 1 of creating a dataset: where the browser sends the CSV (presigned PUT in AWS).
export const handler = defineRoute({ body: createUploadRequestSchema }, async (input) => {
  const { uploadId, upload } = await createUpload(dataInDeps(), requireInstance(input), input.body);
  const body: CreateUploadResponse = { success: true, uploadId, upload };
  return { status: 201, body };
});
