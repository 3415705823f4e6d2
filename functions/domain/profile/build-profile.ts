import { discoverArithmetic } from './arithmetic';
import { discoverClockSums } from './clock-sums';
import { fitToBudget } from './budget';
import { discoverMissingLinks, FILLED, MISSING, UNKNOWN, usualMarker, type MissingStates } from './missing-links';
import { columnStats, type ColumnCounts } from './column-stats';
import { learnConfusions } from './confusions';
import { decimalCommaOf, fromComma } from './decimal-comma';
import { discoverDependencies, type EncodedColumn } from './dependencies';
import { discoverGroupRatios } from './group-ratios';
import { discoverNumericRelations } from './numeric-relations';
import { discoverPairDependencies } from './pair-dependencies';
import { PROFILE_MAX_BYTES, PROFILE_VERSION, type ColumnProfile, type DatasetProfile, type ProfileOptions } from './profile';
import { rowBoundaries, rowCycle, rowRuns, rowSequence } from './sequence';
import { discoverLeadDependencies } from './lead-words';
import { entityRelations, sourceTrust, weighDependencies } from './sources';
import { discoverSymmetricDependencies, shadowOf, supersededBy } from './symmetric-dependencies';
import { classKeyFor } from './value-class';
import { isMissing, shapeOf } from './values';

// Builds the column profile of a dataset. Rows can be added one at a time (a scan streams its
// source file) or all at once with buildProfile. Memory: one integer per cell plus the distinct
// values of each column (up to DISTINCT_CAP per column; further new values are counted, not kept).

export const DISTINCT_CAP = 200_000;
export type SourceRow = Readonly<Record<string, string | null | undefined>>;

class ColumnAccumulator {
  readonly ids: number[] = [];
  readonly dictionary = new Map<string, number>();
  readonly counts: number[] = [];
  readonly markers = new Map<string, number>();
  /** The marker of each row missing with a marker written (a blank is not kept). */
  readonly markerRows = new Map<number, string>();
  missing = 0;
  untracked = 0;

  constructor(readonly name: string) {}

  add(raw: string | null | undefined): void {
    if (raw === null || raw === undefined || isMissing(raw)) {
      const marker = raw === null || raw === undefined ? '' : raw.trim();
      this.markers.set(marker, (this.markers.get(marker) ?? 0) + 1);
      if (marker !== '') this.markerRows.set(this.ids.length, marker);
      this.missing++;
      this.ids.push(-1);
      return;
    }
    let id = this.dictionary.get(raw);
    if (id === undefined) {
      if (this.dictionary.size >= DISTINCT_CAP) {
        this.untracked++;
        this.ids.push(-2);
        return;
      }
      id = this.counts.length;
      this.dictionary.set(raw, id);
      this.counts.push(0);
    }
    this.counts[id]!++;
    this.ids.push(id);
  }

  /**
   * Rewrites every kept value with `rewrite` (values it leaves undefined stay as they are); values
   * that become one merge their counts.
   */
  rewrite(rewrite: (value: string) => string | undefined): void {
    const texts = [...this.dictionary.keys()];
    const counts = [...this.counts];
    this.dictionary.clear();
    this.counts.length = 0;
    const newId = texts.map((text, id) => {
      const value = rewrite(text) ?? text;
      let to = this.dictionary.get(value);
      if (to === undefined) {
        to = this.counts.length;
        this.dictionary.set(value, to);
        this.counts.push(0);
      }
      this.counts[to]! += counts[id]!;
      return to;
    });
    for (let r = 0; r < this.ids.length; r++) if (this.ids[r]! >= 0) this.ids[r] = newId[this.ids[r]!]!;
  }

  countsByValue(): Map<string, number> {
    const out = new Map<string, number>();
    for (const [value, id] of this.dictionary) out.set(value, this.counts[id]!);
    return out;
  }
}

/**
 * A column encoded by class of value: each class's id, count (all its spellings), and the spelling
 * the relations propose and that indexes the column's value list: of those the list keeps, the one
 * in the column's commonest shape ("6:15 a.m." where most times read so, though more rows wrote
 * "06:15"), the commonest of those.
 */
function classEncoded(a: ColumnAccumulator, profile: ColumnProfile, texts: readonly string[]): EncodedColumn {
  const keyOf = classKeyFor(profile);
  const shapeCounts = new Map(profile.shapes);
  const position = new Map(profile.values.map(([value], index) => [value, index]));
  // A spelling the value list keeps first (a relation can only name those), then by how many of
  // the column's values share its shape, then by count; read only for classes of two spellings or
  // more (most values have one), once per spelling.
  const score = new Float64Array(a.counts.length).fill(-1);
  const scoreOf = (id: number) => {
    if (score[id]! < 0) score[id] = (position.has(texts[id]!) ? 2 ** 40 : 0) + (shapeCounts.get(shapeOf(texts[id]!)) ?? 0);
    return score[id]!;
  };
  const compare = (x: number, y: number) => scoreOf(x) - scoreOf(y) || a.counts[x]! - a.counts[y]!;
  // Each value's class, named by one of its values: a value that is its own key (already folded:
  // most codes, e-mails, numbers) is found in the column's dictionary, so only the others need a
  // map of their own (a column of distinct values then costs no second map).
  const n = a.counts.length;
  const root = new Int32Array(n);
  const rooted = new Map<string, number>();
  for (let id = 0; id < n; id++) {
    const text = texts[id]!;
    const key = keyOf(text);
    if (key === text) {
      root[id] = id;
      continue;
    }
    const same = a.dictionary.get(key);
    if (same !== undefined && keyOf(key) === key) {
      root[id] = same;
      continue;
    }
    const first = rooted.get(key);
    if (first === undefined) rooted.set(key, id);
    root[id] = first ?? id;
  }
  const classOf = new Int32Array(n);
  const counts: number[] = [];
  const leader: number[] = [];
  for (let id = 0; id < n; id++) {
    if (root[id] !== id) continue;
    classOf[id] = counts.length;
    counts.push(0);
    leader.push(id);
  }
  for (let id = 0; id < n; id++) {
    const c = classOf[root[id]!]!;
    classOf[id] = c;
    counts[c]! += a.counts[id]!;
    if (compare(id, leader[c]!) > 0) leader[c] = id;
  }
  const listIndex = new Int32Array(counts.length).fill(-1);
  const classTexts = leader.map((id, c) => {
    listIndex[c] = position.get(texts[id]!) ?? -1;
    return texts[id]!;
  });
  const ids = new Int32Array(a.ids.length);
  for (let r = 0; r < ids.length; r++) {
    const id = a.ids[r]!;
    ids[r] = id >= 0 ? classOf[id]! : id;
  }
  return { name: a.name, ids, counts, listIndex, texts: classTexts };
}

/** Each row's cell as filled, missing the column's usual way (its commonest marker), or unknown. */
function missingStates(a: ColumnAccumulator): MissingStates {
  const usual = usualMarker(a.markers);
  const states = new Uint8Array(a.ids.length);
  for (let r = 0; r < states.length; r++) states[r] = a.ids[r] !== -1 ? FILLED : (a.markerRows.get(r) ?? '') === usual ? MISSING : UNKNOWN;
  return { name: a.name, states };
}

export class ProfileBuilder {
  private readonly columns = new Map<string, ColumnAccumulator>();
  private rows = 0;

  constructor(private readonly options: ProfileOptions = {}) {
    for (const name of options.columns ?? []) this.columns.set(name, new ColumnAccumulator(name));
  }

  add(row: SourceRow): void {
    if (!this.options.columns) {
      for (const name of Object.keys(row)) {
        if (!this.columns.has(name)) {
          const column = new ColumnAccumulator(name);
          // A column first seen late was missing in every earlier row.
          for (let r = 0; r < this.rows; r++) column.add(null);
          this.columns.set(name, column);
        }
      }
    }
    for (const column of this.columns.values()) column.add(row[column.name]);
    this.rows++;
  }

  finish(): DatasetProfile {
    const accumulators = [...this.columns.values()];
    // A column that writes a decimal comma is read in decimal-point form, as every number rule reads numbers.
    const commaForms = accumulators.map((a) => {
      const form = decimalCommaOf(a.countsByValue());
      if (form) a.rewrite((value) => fromComma(value, form));
      return form;
    });
    const allCounts = new Map(accumulators.map((a) => [a.name, a.countsByValue()]));
    const columns = accumulators.map((a, i) => {
      const counts: ColumnCounts = { name: a.name, counts: allCounts.get(a.name)!, untracked: a.untracked, missing: a.missing, markers: a.markers };
      const stats = columnStats(counts);
      const form = commaForms[i];
      if (form) stats.decimalComma = form;
      return stats;
    });
    // Relations between columns are found on classes of values (value-class.ts): the ways of
    // writing one value count as one.
    const texts = accumulators.map((a) => [...a.dictionary.keys()]);
    const encoded: EncodedColumn[] = accumulators.map((a, i) => classEncoded(a, columns[i]!, texts[i]!));
    const found = discoverDependencies(encoded, this.rows);
    const symmetricDependencies = discoverSymmetricDependencies(encoded, this.rows, found);
    const dependencies = found.filter((d) => !shadowOf(symmetricDependencies, d));
    const superseded = supersededBy(symmetricDependencies);
    const pairDependencies = discoverPairDependencies(encoded, this.rows, dependencies).filter((d) => !superseded(d));
    const trust = sourceTrust(encoded, this.rows, dependencies);
    if (trust) {
      entityRelations(encoded, this.rows, dependencies, trust.key, trust.trust.column);
      weighDependencies(encoded, this.rows, dependencies, trust.weights);
    }
    const leadDependencies = discoverLeadDependencies(encoded, this.rows, (name, index) => columns.find((c) => c.name === name)?.values[index]?.[0]);
    const { confusions, nearFrequentSingletons } = learnConfusions(columns, allCounts);
    for (const column of columns) column.singletonsNearFrequent = nearFrequentSingletons.get(column.name) ?? 0;
    // Each column's value in a row, for the passes that read rows in file order.
    const byRow = accumulators.map((a, i) => {
      const byId = texts[i]!;
      return {
        profile: columns[i]!,
        valueAt: (row: number) => (a.ids[row]! >= 0 ? byId[a.ids[row]!] : undefined),
        countAt: (row: number) => (a.ids[row]! >= 0 ? a.counts[a.ids[row]!]! : 0),
      };
    });
    for (const { profile, valueAt, countAt } of byRow) {
      const sequence = rowSequence(profile, this.rows, valueAt);
      if (sequence) profile.sequence = sequence;
      const runs = rowRuns(profile, this.rows, valueAt, countAt);
      if (runs) profile.runs = runs;
      const others = byRow.filter((other) => other.profile !== profile).map((other) => ({ name: other.profile.name, valueAt: other.valueAt }));
      const boundaries = rowBoundaries(profile, runs, this.rows, valueAt, countAt, others);
      if (boundaries) profile.boundaries = boundaries;
      const cycle = rowCycle(profile, this.rows, valueAt);
      if (cycle) profile.cycle = cycle;
    }
    const relations = discoverNumericRelations(byRow, this.rows);
    const arithmetic = discoverArithmetic(byRow, this.rows);
    const clockSums = discoverClockSums(byRow, this.rows);
    const groupRatios = discoverGroupRatios(byRow, this.rows);
    const missingLinks = discoverMissingLinks(accumulators.map((a) => missingStates(a)));
    const profile: DatasetProfile = {
      version: PROFILE_VERSION,
      rows: this.rows,
      columns,
      dependencies,
      ...(pairDependencies.length > 0 ? { pairDependencies } : {}),
      ...(symmetricDependencies.length > 0 ? { symmetricDependencies } : {}),
      confusions,
      ...(trust ? { sourceTrust: trust.trust } : {}),
      ...(leadDependencies.length > 0 ? { leadDependencies } : {}),
      ...(relations.length > 0 ? { numericRelations: relations } : {}),
      ...(arithmetic.length > 0 ? { arithmetic } : {}),
      ...(clockSums.length > 0 ? { clockSums } : {}),
      ...(groupRatios.length > 0 ? { groupRatios } : {}),
      ...(missingLinks.length > 0 ? { missingLinks } : {}),
    };
    return fitToBudget(profile, this.options.maxBytes ?? PROFILE_MAX_BYTES);
  }
}

/** The profile of a whole table of rows (values as text; null or absent for no value). */
export function buildProfile(rows: Iterable<SourceRow>, options: ProfileOptions = {}): DatasetProfile {
  const builder = new ProfileBuilder(options);
  for (const row of rows) builder.add(row);
  return builder.finish();
}
