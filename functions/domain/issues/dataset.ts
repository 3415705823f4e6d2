import { NotFound } from '../errors';
import type { DatasetRecord } from '../tenancy/records';
import type { DatasetRef, IssueStore } from './issue-store';

export const DATASET_NOT_FOUND = 'Dataset not found';

/** The dataset a call names, or 404: an unknown dataset and another instance's look the same. */
export async function requireDataset(store: IssueStore, ref: DatasetRef): Promise<DatasetRecord> {
  const dataset = await store.getDataset(ref);
  if (!dataset) throw new NotFound(DATASET_NOT_FOUND);
  return dataset;
}

export function ensureDataset(dataset: DatasetRecord | undefined): DatasetRecord {
  if (!dataset) throw new NotFound(DATASET_NOT_FOUND);
  return dataset;
}
