import { NotFound, ValidationFailed } from '../errors';
import type { DatasetRef, IssueStore } from '../issues/issue-store';
import type { DatasetMetaStore } from '../scans/ports';
import { NO_SOURCE } from '../scans/run-scan';
import { readCsvRows } from '../sources/csv-source';
import type { SourceStore } from '../sources/source-store';

// GET /api/{dataset}/source_data: the dataset's source rows a page at a time, or the one record an
// issue is about (its context). Streams the file up to the page and keeps only the page: memory
// stays that of a page whatever the offset.

export interface SourceDataPage {
  columns: string[];
  recordKey: string;
  data: Array<Record<string, string>>;
  total: number;
}

export async function readSourceData(
  deps: { meta: DatasetMetaStore; issues: Pick<IssueStore, 'getDataset'>; sources: SourceStore },
  ref: DatasetRef,
  query: { limit: number; offset: number; record_id?: string },
): Promise<SourceDataPage> {
  const dataset = await deps.issues.getDataset(ref);
  if (!dataset) throw new NotFound('Dataset not found');
  const source = await deps.meta.getSource(ref);
  const stream = source && (await deps.sources.open(source.key));
  if (!source || !stream) throw new ValidationFailed(NO_SOURCE, [{ field: 'dataset', message: 'has no source data' }]);
  const data: Array<Record<string, string>> = [];
  let index = 0;
  for await (const row of readCsvRows(stream)) {
    const record = row.record as Record<string, string>;
    if (query.record_id !== undefined) {
      if (record[dataset.recordKey]?.trim() === query.record_id) {
        data.push(record);
        return { columns: source.columns, recordKey: dataset.recordKey, data, total: 1 };
      }
      continue;
    }
    if (index >= query.offset) data.push(record);
    index++;
    // The row count is known from the upload: stop reading once the page is full.
    if (data.length >= query.limit) break;
  }
  return { columns: source.columns, recordKey: dataset.recordKey, data, total: query.record_id !== undefined ? 0 : source.rows };
}
