import { createHash } from 'node:crypto';
import { DEFAULT_RADIUS, MAX_CLUSTER_VALUES, type ClusterStrategy, type IssueCluster } from '../../../shared/schemas/clusters';
import { cologneKey, doubleMetaphoneKey, fingerprintKey, ngramFingerprintKey, shapeKey } from './keyers';
import { centreGroups, levenshteinPairs, type Counted } from './nearest';
import { ppmPairs } from './ppm-pairs';
import { proposeValue } from './proposal';

// Issue clusters (spec 2 §1; issue 13): groups of failed rows of one column whose values are
// probably the same thing. Pure: the same rows give the same clusters, with the same ids.

/** What clustering needs of a failed row. */
export interface ClusterRow {
  issue_id: string;
  issue_column: string;
  check_name: string;
  current_value: string | null;
  /** The row's AI suggestion, when one was computed. */
  suggestion?: string;
}

export interface ClusterOptions {
  strategy: ClusterStrategy;
  /** Only this column; every column otherwise. */
  column?: string;
  /** Rows a cluster needs (default 2). */
  minSize?: number;
  /** Nearest-neighbour strategies: Levenshtein edits, or PPM compression distance. */
  radius?: number;
}

/** A cluster with every member id (the use case pages them). */
export type BuiltCluster = Omit<IssueCluster, 'issue_ids' | 'issue_ids_total' | 'ids_offset'> & { issueIds: string[] };

/** A keyer per clustering run (the phonetic ones remember the words they coded in the run). */
const KEYERS: Partial<Record<ClusterStrategy, () => (value: string) => string>> = {
  fingerprint: () => fingerprintKey,
  ngram_fingerprint: () => (v) => ngramFingerprintKey(v),
  double_metaphone: () => {
    const memo = new Map<string, string>();
    return (v) => doubleMetaphoneKey(v, memo);
  },
  cologne: () => {
    const memo = new Map<string, string>();
    return (v) => cologneKey(v, memo);
  },
  shape: () => shapeKey,
};

export function radiusOf(strategy: ClusterStrategy, radius: number | undefined): number {
  if (strategy === 'levenshtein') return radius ?? DEFAULT_RADIUS.levenshtein;
  if (strategy === 'ppm') return radius ?? DEFAULT_RADIUS.ppm;
  return 0;
}

/** A stable id: the strategy, its radius and a hash of what defines the group (column, key). */
export function clusterId(strategy: ClusterStrategy, radius: number, parts: readonly string[]): string {
  const hash = createHash('sha256').update(JSON.stringify([strategy, radius, ...parts])).digest('hex').slice(0, 16);
  return `${strategy}-${radius}-${hash}`;
}

interface Group {
  key: string;
  column: string;
  check?: string;
  rows: ClusterRow[];
}

function byColumn(rows: readonly ClusterRow[], column: string | undefined): Map<string, ClusterRow[]> {
  const out = new Map<string, ClusterRow[]>();
  for (const row of rows) {
    if (column !== undefined && row.issue_column !== column) continue;
    const list = out.get(row.issue_column);
    if (list) list.push(row);
    else out.set(row.issue_column, [row]);
  }
  return out;
}

function keyGroups(column: string, rows: readonly ClusterRow[], keyOf: (v: string) => string, needDistinct: number): Group[] {
  const groups = new Map<string, { rows: ClusterRow[]; values: Set<string> }>();
  // Each distinct value is keyed once.
  const keys = new Map<string, string>();
  for (const row of rows) {
    const value = row.current_value;
    if (value === null || value.trim() === '') continue;
    let key = keys.get(value);
    if (key === undefined) {
      key = keyOf(value);
      keys.set(value, key);
    }
    if (key === '') continue;
    const group = groups.get(key) ?? { rows: [], values: new Set<string>() };
    group.rows.push(row);
    group.values.add(value);
    groups.set(key, group);
  }
  return [...groups].filter(([, g]) => g.values.size >= needDistinct).map(([key, g]) => ({ key, column, rows: g.rows }));
}

function nearestGroups(column: string, rows: readonly ClusterRow[], strategy: 'levenshtein' | 'ppm', radius: number): Group[] {
  const byNorm = new Map<string, ClusterRow[]>();
  for (const row of rows) {
    const norm = row.current_value?.trim().toLowerCase() ?? '';
    if (norm === '') continue;
    const list = byNorm.get(norm);
    if (list) list.push(row);
    else byNorm.set(norm, [row]);
  }
  const norms = [...byNorm.keys()].sort();
  const counted: Counted[] = norms.map((norm) => ({ norm, count: byNorm.get(norm)!.length }));
  const pairs = strategy === 'levenshtein' ? levenshteinPairs(norms, radius) : ppmPairs(norms, radius);
  return centreGroups(counted, pairs).map((members) => ({
    // The centre names the group: the most frequent value, the one the others are near.
    key: norms[members[0]!]!,
    column,
    rows: members.flatMap((m) => byNorm.get(norms[m]!)!),
  }));
}

function sameCheckValueGroups(column: string, rows: readonly ClusterRow[]): Group[] {
  const groups = new Map<string, Group>();
  for (const row of rows) {
    const key = JSON.stringify([row.check_name, row.current_value]);
    const group = groups.get(key) ?? { key: row.current_value ?? '', column, check: row.check_name, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  return [...groups.values()];
}

function valueCounts(rows: readonly ClusterRow[]): Array<{ value: string | null; count: number }> {
  const counts = new Map<string | null, number>();
  for (const row of rows) counts.set(row.current_value, (counts.get(row.current_value) ?? 0) + 1);
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || String(a.value).localeCompare(String(b.value)));
}

/** The clusters of a set of failed rows, largest first. */
export function buildClusters(rows: readonly ClusterRow[], options: ClusterOptions): BuiltCluster[] {
  const { strategy } = options;
  const minSize = Math.max(2, options.minSize ?? 2);
  const radius = radiusOf(strategy, options.radius);
  const groups: Group[] = [];
  for (const [column, columnRows] of byColumn(rows, options.column)) {
    if (strategy === 'levenshtein' || strategy === 'ppm') groups.push(...nearestGroups(column, columnRows, strategy, radius));
    else if (strategy === 'same_check_value') groups.push(...sameCheckValueGroups(column, columnRows));
    // A shape is a cluster of rows even when they hold one value; the spelling keys need two spellings.
    else groups.push(...keyGroups(column, columnRows, KEYERS[strategy]!(), strategy === 'shape' ? 1 : 2));
  }
  return groups
    .filter((g) => g.rows.length >= minSize)
    .map((g): BuiltCluster => {
      const values = valueCounts(g.rows);
      const proposal = proposeValue(strategy, values, g.rows);
      return {
        id: clusterId(strategy, radius, [g.column, ...(g.check !== undefined ? [g.check] : []), g.key]),
        strategy,
        column: g.column,
        ...(g.check !== undefined ? { check_name: g.check } : {}),
        key: g.key,
        size: g.rows.length,
        distinct: values.length,
        values: values.slice(0, MAX_CLUSTER_VALUES),
        proposed_value: proposal.value,
        proposal_reason: proposal.reason,
        with_suggestion: g.rows.filter((r) => r.suggestion !== undefined).length,
        issueIds: g.rows.map((r) => r.issue_id).sort(),
      };
    })
    .sort((a, b) => b.size - a.size || (a.id < b.id ? -1 : 1));
}
