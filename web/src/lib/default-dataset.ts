import type { DatasetSummary } from '../../../shared/schemas/session';

/** The dataset every area starts on: opportunities if present, otherwise the first (spec 1 §4). */
export const PREFERRED_DATASET = 'opportunities';

export function pickDefaultDataset(datasets: readonly Pick<DatasetSummary, 'id' | 'name'>[]): string | null {
  // The id wins over a display name: several datasets may be named opportunities, one has the id.
  const preferred = datasets.find((d) => d.id === PREFERRED_DATASET) ?? datasets.find((d) => d.name === PREFERRED_DATASET);
  return (preferred ?? datasets[0])?.id ?? null;
}
