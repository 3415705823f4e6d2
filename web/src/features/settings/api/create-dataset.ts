import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, ApiError } from '../../../lib/api-client';
import { instanceKey } from '../../../lib/query-client';
import {
  createDatasetResponseSchema,
  createUploadResponseSchema,
  type CreateDatasetRequest,
  type CreatedDataset,
} from '../../../../../shared/schemas/datasets';

// Creating a dataset by upload (issue 4 §1): POST /api/datasets/uploads for a target, the file
// sent straight to it (XMLHttpRequest: fetch has no upload progress), then POST /api/datasets.

export interface CreateDatasetInput {
  instanceId: string;
  file: File;
  name: string;
  recordKey: string;
  onProgress: (fraction: number) => void;
}

function put(url: string, headers: Record<string, string>, file: File, onProgress: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new ApiError(xhr.status, xhr.responseText, 'The upload failed. Please try again.')));
    xhr.onerror = () => reject(new Error('The upload failed. Please check your connection and try again.'));
    xhr.send(file);
  });
}

export async function createDatasetFromFile(input: CreateDatasetInput): Promise<CreatedDataset> {
  const target = await apiRequest('/datasets/uploads', {
    method: 'POST',
    body: { fileName: input.file.name, size: input.file.size, contentType: 'text/csv' },
    schema: createUploadResponseSchema,
    instanceId: input.instanceId,
  });
  await put(target.upload.url, target.upload.headers, input.file, input.onProgress);
  const body: CreateDatasetRequest = { name: input.name, recordKey: input.recordKey, uploadId: target.uploadId, fileName: input.file.name };
  const created = await apiRequest('/datasets', { method: 'POST', body, schema: createDatasetResponseSchema, instanceId: input.instanceId });
  return created.dataset;
}

export function useCreateDataset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDatasetFromFile,
    onSuccess: (_dataset, input) => queryClient.invalidateQueries({ queryKey: instanceKey(input.instanceId, 'datasets') }),
  });
}
