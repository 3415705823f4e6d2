// The record key of a dataset (spec 1 §3 Issue row): the column that identifies a source record.

const BY_DATASET: Record<string, string> = {
  opportunities: 'opportunity_id',
  leads: 'lead_id',
  customers: 'customer_id',
  products: 'product_id',
};

/** The spec's last resort, kept so a row always has a key column. */
export const FALLBACK_RECORD_KEY = 'opportunity_id';

/**
 * The record-key column of a dataset: fixed for the four known datasets (by name, any case),
 * otherwise record_id or id when the dataset's rows have them, else opportunity_id.
 */
export function recordKeyField(datasetName: string, columns: readonly string[] = []): string {
  const known = BY_DATASET[datasetName.trim().toLowerCase()];
  if (known) return known;
  if (columns.includes('record_id')) return 'record_id';
  if (columns.includes('id')) return 'id';
  return FALLBACK_RECORD_KEY;
}
