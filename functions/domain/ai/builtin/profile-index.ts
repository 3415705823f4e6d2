import type { ColumnProfile, DatasetProfile, Dependency } from '../../profile/profile';
import { noiseModel, type NoiseModel } from './channel';

// Look-up structures over a stored profile, built once per profile object and reused for every
// suggestion of the dataset (a worker batch asks for many rows of the same dataset).

export interface ColumnIndex {
  profile: ColumnProfile;
  counts: ReadonlyMap<string, number>;
  tokenCounts: ReadonlyMap<string, number>;
  /** Estimated share of correct values that the value list has never seen (Good–Turing). */
  unseenShare: number;
  unseenTokenShare: number;
  /** Most frequent value per lower-cased spelling (case and spacing variants). */
  byFolded: ReadonlyMap<string, string>;
  /** The dominant shape and its share of filled values. */
  shape?: { shape: string; share: number };
}

export interface DependencyIndex {
  dependency: Dependency;
  /** determinant value -> majority dependent value, its count and the group size. */
  lookup: ReadonlyMap<string, { value: string; count: number; size: number }>;
}

export interface ProfileIndex {
  profile: DatasetProfile;
  columns: ReadonlyMap<string, ColumnIndex>;
  /** Dependencies by dependent column. */
  into: ReadonlyMap<string, DependencyIndex[]>;
  /** How this dataset writes "no value" in most columns that have missing values ('' = blank). */
  missingConvention: string;
  noise: NoiseModel;
}

export const fold = (v: string) => v.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Good–Turing: the share of values seen once estimates the share of values never seen. Singletons
 * next to a frequent value are likely typos of it, not new values; values seen twice or more but
 * cut from the capped list are unseen for the list too.
 */
function unseenShare(profile: ColumnProfile, likelyNew: number): number {
  const filled = Math.max(1, profile.filled);
  const cutFromList = Math.max(0, 1 - profile.valuesCoverage - profile.singletons / filled);
  return Math.min(1, Math.max(0.002, likelyNew / filled + cutFromList));
}

function columnIndex(profile: ColumnProfile): ColumnIndex {
  const counts = new Map(profile.values);
  const byFolded = new Map<string, string>();
  for (const [value] of profile.values) if (!byFolded.has(fold(value))) byFolded.set(fold(value), value);
  const likelyNew = Math.max(0, profile.singletons - profile.singletonsNearFrequent);
  const [shape, shapeCount] = profile.shapes[0] ?? [undefined, 0];
  return {
    profile,
    counts,
    tokenCounts: new Map(profile.tokens),
    unseenShare: unseenShare(profile, likelyNew),
    unseenTokenShare: Math.min(1, Math.max(0.002, profile.tokenSingletons / Math.max(1, profile.tokenTotal))),
    byFolded,
    ...(shape ? { shape: { shape, share: shapeCount / Math.max(1, profile.filled) } } : {}),
  };
}

function dependencyIndex(profile: DatasetProfile, dependency: Dependency): DependencyIndex | undefined {
  const from = profile.columns.find((c) => c.name === dependency.from);
  const to = profile.columns.find((c) => c.name === dependency.to);
  if (!from || !to) return undefined;
  const lookup = new Map<string, { value: string; count: number; size: number }>();
  for (const [fi, ti, count, size] of dependency.mappings) {
    const key = from.values[fi]?.[0];
    const value = to.values[ti]?.[0];
    if (key !== undefined && value !== undefined) lookup.set(key, { value, count, size });
  }
  return { dependency, lookup };
}

function missingConvention(profile: DatasetProfile): string {
  const columnsUsing = new Map<string, number>();
  for (const column of profile.columns) {
    for (const [marker, n] of column.markers) if (n > 0) columnsUsing.set(marker, (columnsUsing.get(marker) ?? 0) + 1);
  }
  let best = '';
  let bestColumns = 0;
  for (const [marker, n] of columnsUsing) {
    if (n > bestColumns || (n === bestColumns && marker === '')) {
      best = marker;
      bestColumns = n;
    }
  }
  return best;
}

const cache = new WeakMap<DatasetProfile, ProfileIndex>();

export function indexProfile(profile: DatasetProfile): ProfileIndex {
  const cached = cache.get(profile);
  if (cached) return cached;
  const columns = new Map(profile.columns.map((c) => [c.name, columnIndex(c)]));
  const into = new Map<string, DependencyIndex[]>();
  for (const dependency of profile.dependencies) {
    const index = dependencyIndex(profile, dependency);
    if (!index) continue;
    const list = into.get(dependency.to) ?? [];
    list.push(index);
    into.set(dependency.to, list);
  }
  const index: ProfileIndex = { profile, columns, into, missingConvention: missingConvention(profile), noise: noiseModel(profile.confusions) };
  cache.set(profile, index);
  return index;
}
