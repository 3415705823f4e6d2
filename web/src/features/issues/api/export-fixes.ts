import { useMutation } from '@tanstack/react-query';
import { apiDownload, type ApiDownload } from '../../../lib/api-client';
import type { EXPORT_FORMATS } from '../../../../../shared/schemas/issues';

// GET /api/{dataset}/export?format=csv|json: the fixes of the dataset's resolved rows, as a file.

export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export async function getFixesExport(instanceId: string, datasetId: string, format: ExportFormat): Promise<ApiDownload> {
  const download = await apiDownload(`/${encodeURIComponent(datasetId)}/export?format=${format}`, { instanceId });
  const date = new Date().toISOString().slice(0, 10);
  return { blob: download.blob, filename: download.filename ?? `${datasetId}-fixes-${date}.${format}` };
}

export function useExportFixes(instanceId: string, datasetId: string) {
  return useMutation({ mutationFn: (format: ExportFormat) => getFixesExport(instanceId, datasetId, format) });
}
