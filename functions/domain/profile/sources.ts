import { groupMappings, relationOf, shareOfFilled, shuffleOf, type EncodedColumn } from './dependencies';
import type { Dependency, SourceTrust } from './profile';
import { headerWords, PLAIN_NUMBER } from './values';

// Truth discovery. When several rows describe the same entity (same key) and a column says which
// source each row came from, the sources do not deserve the same trust: one that usually agrees
// with the others is likelier right where they disagree. Each source's accuracy is its agreement
// with the (unweighted) majority of its entity's rows over every key -> attribute relation; its
// vote then weighs the log-odds of that accuracy (as in ACCU / TruthFinder), and every relation's
// majorities are taken again with those weights.

const MAX_SOURCES = 12;
/**
 * A column its header calls a source ("source", "src", "data_source", "feed", "provider") may name
 * many: merged listings and flight-status feeds come from dozens of sites. Other columns of more
 * than MAX_SOURCES values are categories far more often (an airport, a model).
 */
const MAX_NAMED_SOURCES = 64;
const SOURCE_WORDS: ReadonlySet<string> = new Set(['source', 'sources', 'src', 'feed', 'feeds', 'provider', 'providers', 'publisher']);
const namesSources = (header: string) => headerWords(header).some((word) => SOURCE_WORDS.has(word));
/**
 * Share of a column's filled rows holding plain numbers from which it is a measurement (an amount
 * mostly zero, a count), not a list of sources: sources are named (a site, a feed, a registry).
 */
const MAX_NUMBER_SHARE = 0.5;

/** A source column must name a source on nearly every row. */
const MIN_FILLED = 0.9;
/** Share of an entity key's repeated groups that mix two or more sources. */
const MIN_MIXED = 0.5;
/** Within an entity's rows a source repeats at most this share of how often it would by chance. */
const MAX_REPEAT_RATIO = 0.75;
/** Repeated key groups over which a column no header names a source must show a source's spread. */
const MIN_UNNAMED_GROUPS = 50;
const MIN_WEIGHT = 0.05;
const MAX_WEIGHT = 6;

/**
 * How a candidate source column spreads over a key's repeated groups (two rows or more): the
 * share of groups that mix two or more of its values, and the share in which one value gives two
 * or more rows. With `order`, the column's values are read shuffled among the rows (chance).
 */
function sourceMix(key: EncodedColumn, source: EncodedColumn, rows: number, order?: Int32Array): { mixed: number; repeated: number; groups: number } {
  const seen = new Map<number, Set<number>>();
  const size = new Map<number, number>();
  const repeated = new Set<number>();
  for (let r = 0; r < rows; r++) {
    const k = key.ids[r]!;
    const s = source.ids[order ? order[r]! : r]!;
    if (k < 0 || s < 0) continue;
    size.set(k, (size.get(k) ?? 0) + 1);
    const set = seen.get(k) ?? new Set<number>();
    if (set.has(s)) repeated.add(k);
    set.add(s);
    seen.set(k, set);
  }
  let groups = 0;
  let mixed = 0;
  for (const [k, n] of size) {
    if (n < 2) continue;
    groups++;
    if (seen.get(k)!.size >= 2) mixed++;
  }
  return groups ? { mixed: mixed / groups, repeated: repeated.size / groups, groups } : { mixed: 0, repeated: 0, groups: 0 };
}

/** The source column, its trust, and the row weights it implies; undefined when there is none. */
export function sourceTrust(
  columns: readonly EncodedColumn[],
  rows: number,
  dependencies: readonly Dependency[],
): { trust: SourceTrust; weights: Float64Array; key: EncodedColumn } | undefined {
  if (dependencies.length === 0 || rows === 0) return undefined;
  const byName = new Map(columns.map((c) => [c.name, c]));
  const keys = [...new Set(dependencies.map((d) => d.from))].map((n) => byName.get(n)!).filter(Boolean);
  let best: { column: EncodedColumn; key: EncodedColumn; mixed: number } | undefined;
  for (const column of columns) {
    if (column.counts.length < 2 || column.counts.length > (namesSources(column.name) ? MAX_NAMED_SOURCES : MAX_SOURCES)) continue;
    let filled = 0;
    for (let r = 0; r < rows; r++) if (column.ids[r]! >= 0) filled++;
    if (filled < rows * MIN_FILLED) continue;
    if (!namesSources(column.name) && shareOfFilled(column, rows, (text) => PLAIN_NUMBER.test(text.trim())) > MAX_NUMBER_SHARE) continue;
    for (const key of keys) {
      if (key === column) continue;
      const { mixed, repeated, groups } = sourceMix(key, column, rows);
      if (mixed < MIN_MIXED || (best && mixed <= best.mixed)) continue;
      // A column no header names a source is read as one only over enough entities for its
      // rare repeats to say so: over a few dozen groups a category repeats that little by chance.
      if (!namesSources(column.name) && groups < MIN_UNNAMED_GROUPS) continue;
      // A source reports an entity once: within an entity's rows it repeats clearly less often than
      // the same column's values would by chance. A category that merely varies across the rows of
      // a repeated value (a lead's channel, a car's cylinders) repeats as often as chance has it.
      if (repeated > MAX_REPEAT_RATIO * sourceMix(key, column, rows, shuffleOf(rows)).repeated) continue;
      best = { column, key, mixed };
    }
  }
  if (!best) return undefined;
  const source = best.column;
  const agree = new Float64Array(source.counts.length);
  const total = new Float64Array(source.counts.length);
  for (const dependency of dependencies) {
    if (dependency.from !== best.key.name || dependency.to === source.name) continue;
    const to = byName.get(dependency.to)!;
    // Majority per key value, over every row (unweighted first pass).
    const tally = new Map<number, Map<number, number>>();
    for (let r = 0; r < rows; r++) {
      const k = best.key.ids[r]!;
      const v = to.ids[r]!;
      if (k < 0 || v < 0) continue;
      const t = tally.get(k) ?? new Map<number, number>();
      t.set(v, (t.get(v) ?? 0) + 1);
      tally.set(k, t);
    }
    const majority = new Map<number, number>();
    for (const [k, t] of tally) {
      let size = 0;
      let top = -1;
      let topN = 0;
      let tie = false;
      for (const [v, n] of t) {
        size += n;
        if (n > topN) {
          top = v;
          topN = n;
          tie = false;
        } else if (n === topN) tie = true;
      }
      if (size >= 2 && !tie) majority.set(k, top);
    }
    for (let r = 0; r < rows; r++) {
      const s = source.ids[r]!;
      const k = best.key.ids[r]!;
      const v = to.ids[r]!;
      if (s < 0 || k < 0 || v < 0) continue;
      const m = majority.get(k);
      if (m === undefined) continue;
      total[s]!++;
      if (m === v) agree[s]!++;
    }
  }
  const sourceNames = source.texts;
  const trust: SourceTrust = { column: source.name, sources: [] };
  const weightOf = new Float64Array(source.counts.length);
  for (let s = 0; s < source.counts.length; s++) {
    const accuracy = (agree[s]! + 1) / (total[s]! + 2);
    const weight = Math.min(MAX_WEIGHT, Math.max(MIN_WEIGHT, Math.log(accuracy / (1 - accuracy))));
    weightOf[s] = weight;
    const name = sourceNames?.[s] ?? String(s);
    trust.sources.push([name, Math.round(accuracy * 1000) / 1000, Math.round(weight * 100) / 100]);
  }
  trust.sources.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const weights = new Float64Array(rows);
  for (let r = 0; r < rows; r++) {
    const s = source.ids[r]!;
    weights[r] = s >= 0 ? weightOf[s]! : MIN_WEIGHT;
  }
  return { trust, weights, key: best.key };
}

/**
 * What the other sources say about the same entity is evidence even for a column that is nearly
 * constant (a source that writes a wrong default), where key -> attribute predicts no better
 * than the column's commonest value and discovery leaves it out for lack of lift. So, once the
 * entity key is known, key -> attribute is added for every other column whose entity groups
 * mostly agree.
 */
export function entityRelations(columns: readonly EncodedColumn[], rows: number, dependencies: Dependency[], key: EncodedColumn, source: string): void {
  const known = new Set(dependencies.filter((d) => d.from === key.name).map((d) => d.to));
  for (const b of columns) {
    if (b === key || b.name === source || known.has(b.name) || b.counts.length < 2) continue;
    const relation = relationOf(key, b, rows, { ignoreLift: true });
    if (relation) dependencies.push(relation);
  }
}

/** Takes every relation's majorities again with the sources' vote weights. */
export function weighDependencies(columns: readonly EncodedColumn[], rows: number, dependencies: Dependency[], weights: Float64Array): void {
  const byName = new Map(columns.map((c) => [c.name, c]));
  for (const dependency of dependencies) {
    const a = byName.get(dependency.from);
    const b = byName.get(dependency.to);
    if (!a || !b) continue;
    const { mappings, contested, lone } = groupMappings(a, b, rows, weights);
    dependency.mappings = mappings;
    if (contested) dependency.contested = contested;
    else delete dependency.contested;
    if (lone) dependency.lone = lone;
    else delete dependency.lone;
  }
}
