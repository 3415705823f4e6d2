import type { ArithmeticRelation, ClockSum, ColumnProfile, DatasetProfile, Dependency, GroupRatio, NumericRelation, PairDependency, SymmetricDependency } from '../../profile/profile';
import type { MissingLink } from '../../profile/missing-links';
import { spellingVariantShare } from '../../profile/column-stats';
import { classKeyFor, type ClassKey } from '../../profile/value-class';
import { firstWord } from '../../profile/lead-words';
import { fold, LEADING_ZERO, tokensOf } from '../../profile/values';
import { noiseModel, type NoiseModel } from './channel';
import { columnCells, markerSlipRates, type MarkerSlipRates } from './marker-slips';

// Look-up structures over a stored profile, built once per profile object and reused for every
// suggestion of the dataset (a worker batch asks for many rows of the same dataset).

export interface ColumnIndex {
  profile: ColumnProfile;
  counts: ReadonlyMap<string, number>;
  tokenCounts: ReadonlyMap<string, number>;
  /** Estimated share of correct values that the value list has never seen (Good–Turing). */
  unseenShare: number;
  unseenTokenShare: number;
  /** The unseen-word share among first words (the column's share when too few were counted). */
  unseenLeadTokenShare: number;
  /** The number of first words counted (all words when too few were counted): a first word's prior is its count over this. */
  leadTokenTotal: number;
  /** Most frequent value per lower-cased spelling (case and spacing variants). */
  byFolded: ReadonlyMap<string, string>;
  /** The second most frequent spelling per lower-cased spelling, where the column writes one. */
  secondByFolded: ReadonlyMap<string, string>;
  /**
   * Whether writing values two ways is the column's habit (part of it upper-cased by a second
   * system), not a slip's: by the profile's spelling variant share (see spellingHabitOf).
   */
  spellingHabit: boolean;
  /** The value list holds every value seen twice or more: a value missing from it is seen once at most. */
  wholeList: boolean;
  /** Chance that two filled rows drawn at random hold the same value (sum of squared value shares). */
  sameValueChance: number;
  /**
   * Chance that a row between two neighbours holding the same value holds it too, were the rows in
   * no order (sum of cubed value shares over sum of squared: equal neighbours mostly hold common values).
   */
  bridgeChance: number;
  /** The dominant shape and its share of filled values. */
  shape?: { shape: string; share: number };
  /** Share of filled values per shape (the column's frequent shapes only). */
  shapeShare: ReadonlyMap<string, number>;
  /** How the column's own values read a percent sign: as a share of 100 (standard) or as decoration. */
  percentReading: 'standard' | 'as-written';
  /** The column writes numbers with leading zeros as a habit (codes of fixed width), not as a few slips. */
  leadingZeros: boolean;
  /**
   * What a misspelt value may have been meant as, with counts: the frequent values and the
   * no-value words the column writes in several rows ("None" as one of its levels), and
   * the cells they cover.
   */
  spellings: { entries: ReadonlyArray<readonly [string, number]>; total: number };
}

/** Share of a column's values with a leading zero from which zeros are its habit, not slips. */
const LEADING_ZERO_SHARE = 0.05;

/** A no-value word written in this many cells of a column is one of its words. */
export const MARKER_AS_WORD = 3;

function spellingsOf(profile: ColumnProfile): ColumnIndex['spellings'] {
  const words = profile.markers.filter(([marker, n]) => marker !== '' && n >= MARKER_AS_WORD);
  const total = Math.max(1, profile.filled);
  if (words.length === 0) return { entries: profile.values, total };
  return { entries: [...profile.values, ...words], total: total + words.reduce((s, [, n]) => s + n, 0) };
}

export interface DependencyHit {
  value: string;
  count: number;
  size: number;
  weight?: number;
  groupWeight?: number;
}

/** A group one row can turn: its two leading dependent values (see `Dependency.contested`). */
export interface ContestedGroup {
  leaders: readonly [{ value: string; count: number; weight?: number }, { value: string; count: number; weight?: number }];
  size: number;
  groupWeight?: number;
}

export interface DependencyIndex {
  dependency: Dependency;
  /** determinant value's class (value-class.ts) -> majority dependent value, its count and the group size (and, with a source column, their summed source weights). */
  lookup: ReadonlyMap<string, DependencyHit>;
  /** determinant value's class -> its group's two leading values, where one row can turn the group. */
  contested: ReadonlyMap<string, ContestedGroup>;
  /** For a relation from a name's first word (lead-words.ts): the key a determinant value is looked up by. */
  firstWordOf?: (value: string) => string | undefined;
}

/** A dependency on two columns: the pair of values' classes (see `pairKey`) -> majority dependent value. */
export interface PairDependencyIndex {
  dependency: PairDependency;
  lookup: ReadonlyMap<string, DependencyHit>;
  contested: ReadonlyMap<string, ContestedGroup>;
}

/** A symmetric dependency: the two ends' classes in text order (see `symmetricKey`) -> majority dependent value. */
export interface SymmetricIndex {
  dependency: SymmetricDependency;
  lookup: ReadonlyMap<string, DependencyHit>;
  contested: ReadonlyMap<string, ContestedGroup>;
  /** One end and a dependent value, by class (`pairKey`) -> the other ends whose groups hold that value. */
  partners: ReadonlyMap<string, DependencyHit[]>;
}

/** The lookup key of a pair of determinant values. */
export const pairKey = (from: string, and: string) => `${from}\u0000${and}`;
/** The lookup key of two ends read either way round: in text order. */
export const symmetricKey = (one: string, other: string) => (one <= other ? pairKey(one, other) : pairKey(other, one));

/** A numeric relation with its groups by key: [median, spread, count]. */
export interface RelationIndex {
  relation: NumericRelation;
  groups: ReadonlyMap<string, readonly [number, number, number]>;
}

export interface ProfileIndex {
  profile: DatasetProfile;
  columns: ReadonlyMap<string, ColumnIndex>;
  /** How a column's values are classed for the relations between columns (value-class.ts). */
  classKey(column: string): ClassKey;
  /** Per numeric column, what its value usually is given another column of the row. */
  relations: ReadonlyMap<string, RelationIndex>;
  /** Dependencies by dependent column. */
  into: ReadonlyMap<string, DependencyIndex[]>;
  /** The same dependencies by determinant column. */
  from: ReadonlyMap<string, DependencyIndex[]>;
  /** Dependencies on two columns, by dependent column. */
  pairsInto: ReadonlyMap<string, PairDependencyIndex[]>;
  /** Symmetric dependencies by dependent column, and by each of their two ends. */
  symmetricInto: ReadonlyMap<string, SymmetricIndex[]>;
  symmetricEnds: ReadonlyMap<string, SymmetricIndex[]>;
  /** Arithmetic identities by each of their three columns. */
  arithmetic: ReadonlyMap<string, ArithmeticRelation[]>;
  /** Sums of a time of day and minutes by each of their three columns. */
  clockSums: ReadonlyMap<string, ClockSum[]>;
  /** Group ratios by each of their two numeric columns, with their divisors by group value. */
  groupRatios: ReadonlyMap<string, Array<{ relation: GroupRatio; divisors: ReadonlyMap<string, number> }>>;
  /** How this dataset writes "no value" in most columns that have missing values ('' = blank). */
  missingConvention: string;
  /** Columns whose emptiness moves with another's (profile/missing-links.ts), by each of the two. */
  missingLinks: ReadonlyMap<string, MissingLink[]>;
  /** How often the table's stray missing-value markers fall on empty cells and on values (marker-slips.ts). */
  markerSlips: MarkerSlipRates;
  /** Vote weight per source value, when the dataset has a source column. */
  sourceWeights?: {
    column: string;
    weights: ReadonlyMap<string, number>;
    /** Per source: its accuracy over the most accurate source's (1 for that one). */
    relativeAccuracy: ReadonlyMap<string, number>;
  };
  noise: NoiseModel;
  /** How much noisier the table looks than a table with a few errors in a hundred cells (see `dependencyNoise`). */
  dependencyNoise: number;
  /** The strength of the table's strongest column relation (0 where it has none): about the share of rows whose cells are right. */
  strongestRelation: number;
}


/**
 * Good–Turing: the share of values seen once estimates the share of values never seen. Singletons
 * next to a frequent value are likely typos of it, not new values; values seen twice or more but
 * cut from the capped list are unseen for the list too.
 */
function unseenShare(profile: ColumnProfile, likelyNew: number): number {
  return Math.min(1, Math.max(0.002, likelyNew / Math.max(1, profile.filled) + cutFromList(profile)));
}

/** Share of a column's filled cells holding values seen twice or more that its capped value list left out. */
function cutFromList(profile: ColumnProfile): number {
  return Math.max(0, 1 - profile.valuesCoverage - profile.singletons / Math.max(1, profile.filled));
}

/**
 * A percent sign means "out of 100" unless the column's own values show otherwise: when the
 * numbers it writes with a sign sit nearer the scale of those it writes plainly than a hundred
 * times it, the sign is decoration in this column. Nearer on a log scale, since a small sample of
 * a column spanning orders of magnitude has a median a few times off its column's.
 */
export function percentReading(profile: ColumnProfile): 'standard' | 'as-written' {
  const stats = profile.numeric;
  if (!stats || stats.plainMedian === undefined || stats.percentMedian === undefined || stats.plainMedian <= 0 || stats.percentMedian <= 0) return 'standard';
  // The geometric midpoint of 1 and 100.
  return stats.percentMedian / stats.plainMedian < 10 ? 'as-written' : 'standard';
}

/** Good–Turing again, for words: the share of words seen once that are no slip of a frequent word. */
const tokenShare = (singletons: number, total: number) => Math.min(1, Math.max(0.002, singletons / Math.max(1, total)));
/** Below this many first words their own share is too noisy to use. */
const MIN_LEAD_WORDS = 30;

/**
 * Spelling variant share (profile) from which writing values two ways is the column's habit: slips
 * leave it near a tenth where 15 % of the cells are spoilt, and a second system that wrote a third
 * of the rows its own way lifts it to a fifth or more (less where it wrote some entities' rows all
 * its way: those show no other spelling).
 */
export const SPELLING_HABIT_SHARE = 0.15;
/**
 * The same for profiles built before the share was counted over every row: there it is read from
 * the value list, which leaves out values seen once (a value written once each way) and so reads
 * lower.
 */
const LISTED_SPELLING_HABIT_SHARE = 0.1;

/** Whether writing values two ways is a column's habit. */
function spellingHabitOf(profile: ColumnProfile): boolean {
  if (profile.spellingVariantShare !== undefined) return profile.spellingVariantShare >= SPELLING_HABIT_SHARE;
  return (spellingVariantShare(profile.values, 1) ?? 0) >= LISTED_SPELLING_HABIT_SHARE;
}

function columnIndex(profile: ColumnProfile): ColumnIndex {
  const sameValueChance = shareMoment(profile, 2);
  const counts = new Map(profile.values);
  const byFolded = new Map<string, string>();
  const secondByFolded = new Map<string, string>();
  for (const [value] of profile.values) {
    const folded = fold(value);
    if (!byFolded.has(folded)) byFolded.set(folded, value);
    else if (!secondByFolded.has(folded)) secondByFolded.set(folded, value);
  }
  const likelyNew = Math.max(0, profile.singletons - profile.singletonsNearFrequent);
  const [shape, shapeCount] = profile.shapes[0] ?? [undefined, 0];
  const leadCounted = (profile.leadTokenTotal ?? 0) >= MIN_LEAD_WORDS;
  const newWords = profile.tokenSingletons - (profile.tokenSlips ?? 0);
  return {
    profile,
    counts,
    tokenCounts: new Map(profile.tokens),
    unseenShare: unseenShare(profile, likelyNew),
    unseenTokenShare: tokenShare(newWords, profile.tokenTotal),
    unseenLeadTokenShare: leadCounted ? tokenShare((profile.leadTokenSingletons ?? 0) - (profile.leadTokenSlips ?? 0), profile.leadTokenTotal ?? 0) : tokenShare(newWords, profile.tokenTotal),
    leadTokenTotal: leadCounted ? profile.leadTokenTotal! : profile.tokenTotal,
    byFolded,
    secondByFolded,
    spellingHabit: spellingHabitOf(profile),
    wholeList: cutFromList(profile) <= 0.001,
    sameValueChance,
    bridgeChance: sameValueChance > 0 ? shareMoment(profile, 3) / sameValueChance : 0,
    shapeShare: new Map(profile.shapes.map(([sh, n]) => [sh, n / Math.max(1, profile.filled)])),
    percentReading: percentReading(profile),
    leadingZeros: profile.values.reduce((n, [v, count]) => n + (LEADING_ZERO.test(v) ? count : 0), 0) >= LEADING_ZERO_SHARE * profile.filled,
    spellings: spellingsOf(profile),
    ...(shape ? { shape: { shape, share: shapeCount / Math.max(1, profile.filled) } } : {}),
  };
}

/** Sum of a column's value shares (of its filled cells) raised to a power. */
function shareMoment(profile: ColumnProfile, power: number): number {
  return profile.values.reduce((sum, [, n]) => sum + (n / Math.max(1, profile.filled)) ** power, 0);
}

/** A contested group's two leaders, with their and the group's source weights where the dataset has a source column. */
function contestedGroup(a: string, an: number, b: string, bn: number, size: number, weights?: [number, number, number]): ContestedGroup {
  if (!weights) return { leaders: [{ value: a, count: an }, { value: b, count: bn }], size };
  return { leaders: [{ value: a, count: an, weight: weights[0] }, { value: b, count: bn, weight: weights[1] }], size, groupWeight: weights[2] };
}

function dependencyIndex(profile: DatasetProfile, dependency: Dependency): DependencyIndex | undefined {
  const from = profile.columns.find((c) => c.name === dependency.from);
  const to = profile.columns.find((c) => c.name === dependency.to);
  if (!from || !to) return undefined;
  const keyOf = classKeyFor(from);
  const lookup = new Map<string, DependencyHit>();
  for (const [fi, ti, count, size, weight, groupWeight] of dependency.mappings) {
    const key = from.values[fi]?.[0];
    const value = to.values[ti]?.[0];
    if (key !== undefined && value !== undefined) lookup.set(keyOf(key), { value, count, size, ...(weight !== undefined && groupWeight !== undefined ? { weight, groupWeight } : {}) });
  }
  // A lone row is a group of one (see `Dependency.lone`): it speaks for the key's blank rows.
  for (const [fi, value, weight] of dependency.lone ?? []) {
    const key = from.values[fi]?.[0];
    if (key !== undefined) lookup.set(keyOf(key), { value, count: 1, size: 1, ...(weight !== undefined ? { weight, groupWeight: weight } : {}) });
  }
  const contested = new Map<string, ContestedGroup>();
  for (const [fi, a, an, b, bn, size, aw, bw, groupWeight] of dependency.contested ?? []) {
    const key = from.values[fi]?.[0];
    if (key !== undefined) contested.set(keyOf(key), contestedGroup(a, an, b, bn, size, aw !== undefined && bw !== undefined && groupWeight !== undefined ? [aw, bw, groupWeight] : undefined));
  }
  return { dependency, lookup, contested };
}

function pairDependencyIndex(profile: DatasetProfile, dependency: PairDependency): PairDependencyIndex | undefined {
  const from = profile.columns.find((c) => c.name === dependency.from);
  const and = profile.columns.find((c) => c.name === dependency.and);
  const to = profile.columns.find((c) => c.name === dependency.to);
  if (!from || !and || !to) return undefined;
  const [fromKey, andKey] = [classKeyFor(from), classKeyFor(and)];
  const lookup = new Map<string, DependencyHit>();
  for (const [fi, ai, ti, count, size] of dependency.mappings) {
    const first = from.values[fi]?.[0];
    const second = and.values[ai]?.[0];
    const value = to.values[ti]?.[0];
    if (first !== undefined && second !== undefined && value !== undefined) lookup.set(pairKey(fromKey(first), andKey(second)), { value, count, size });
  }
  const contested = new Map<string, ContestedGroup>();
  for (const [fi, ai, a, an, b, bn, size] of dependency.contested ?? []) {
    const first = from.values[fi]?.[0];
    const second = and.values[ai]?.[0];
    if (first !== undefined && second !== undefined) contested.set(pairKey(fromKey(first), andKey(second)), contestedGroup(a, an, b, bn, size));
  }
  return { dependency, lookup, contested };
}

function symmetricIndex(profile: DatasetProfile, dependency: SymmetricDependency): SymmetricIndex | undefined {
  const to = profile.columns.find((c) => c.name === dependency.to);
  if (!to) return undefined;
  // Both ends are classed as the first end's column classes its values (they hold values of one kind).
  const endKey = classKeyFor(profile.columns.find((c) => c.name === dependency.between[0]));
  const toKey = classKeyFor(to);
  const lookup = new Map<string, DependencyHit>();
  const partners = new Map<string, DependencyHit[]>();
  for (const [one, other, ti, count, size] of dependency.mappings) {
    const value = to.values[ti]?.[0];
    if (value === undefined) continue;
    lookup.set(symmetricKey(endKey(one), endKey(other)), { value, count, size });
    add(partners, pairKey(endKey(one), toKey(value)), { value: other, count, size });
    if (other !== one) add(partners, pairKey(endKey(other), toKey(value)), { value: one, count, size });
  }
  const contested = new Map<string, ContestedGroup>();
  for (const [one, other, a, an, b, bn, size] of dependency.contested ?? []) contested.set(symmetricKey(endKey(one), endKey(other)), contestedGroup(a, an, b, bn, size));
  return { dependency, lookup, contested, partners };
}

/** Adds `value` to the list `map` keeps under `key`. */
function add<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * The marker most missing cells of the columns use, of those `counted` (a blank on a tie), and
 * how many cells it fills (a blank and 0 where none is counted). Counted in cells, not in columns:
 * stray markers scattered over many columns are noise, not the convention.
 */
export function commonestMarker(columns: readonly ColumnProfile[], counted: (marker: string) => boolean = () => true): { marker: string; cells: number } {
  const cells = new Map<string, number>();
  for (const column of columns) {
    for (const [marker, n] of column.markers) if (n > 0 && counted(marker)) cells.set(marker, (cells.get(marker) ?? 0) + n);
  }
  let best = '';
  let bestCells = cells.get('') ?? 0;
  for (const [marker, n] of cells) {
    if (n > bestCells) {
      best = marker;
      bestCells = n;
    }
  }
  return { marker: best, cells: bestCells };
}

/** The marker most missing cells of the dataset use (a blank on a tie). */
const missingConvention = (profile: DatasetProfile): string => commonestMarker(profile.columns).marker;

const cache = new WeakMap<DatasetProfile, ProfileIndex>();

/**
 * An estimate of how much noisier the table is than one with about 6 errors in 100 cells: the share
 * of rows that break its strongest column relation (a key and what it fixes is broken by about
 * every error in either column), beyond the 5 % such a table shows; 0 when it has no relation to
 * read it from (no evidence: assume the usual). Bounded to [-0.05, 0.45]. A table whose
 * relations are loose by nature reads as noisy too. Errors weaken the evidence every rule reads
 * (groups agree less, frequencies flatten): with this feature the model, fitted on tables at
 * several error rates, can weigh the same evidence differently in a noisier table.
 */
export function dependencyNoise(profile: DatasetProfile): number {
  const best = strongestRelation(profile);
  return best > 0 ? Math.max(-0.05, Math.min(0.45, 1 - best - 0.05)) : 0;
}

function strongestRelation(profile: DatasetProfile): number {
  let best = 0;
  for (const d of profile.dependencies) best = Math.max(best, d.strength);
  return best;
}

function sourceWeightsOf(trust: NonNullable<DatasetProfile['sourceTrust']>): NonNullable<ProfileIndex['sourceWeights']> {
  const best = Math.max(1e-9, ...trust.sources.map(([, accuracy]) => accuracy));
  return {
    column: trust.column,
    weights: new Map(trust.sources.map(([name, , weight]) => [name, weight])),
    relativeAccuracy: new Map(trust.sources.map(([name, accuracy]) => [name, Math.min(1, accuracy / best)])),
  };
}

/** Class keys read per value once (a dataset's suggestions look up the same keys row after row); at most this many kept per column. */
const REMEMBERED_KEYS = 20_000;
function remembered(keyOf: ClassKey): ClassKey {
  const seen = new Map<string, string>();
  return (value) => {
    let key = seen.get(value);
    if (key === undefined) {
      key = keyOf(value);
      if (seen.size < REMEMBERED_KEYS) seen.set(value, key);
    }
    return key;
  };
}

export function indexProfile(profile: DatasetProfile): ProfileIndex {
  const cached = cache.get(profile);
  if (cached) return cached;
  const columns = new Map(profile.columns.map((c) => [c.name, columnIndex(c)]));
  const into = new Map<string, DependencyIndex[]>();
  const from = new Map<string, DependencyIndex[]>();
  for (const dependency of profile.dependencies) {
    const index = dependencyIndex(profile, dependency);
    if (!index) continue;
    add(into, dependency.to, index);
    add(from, dependency.from, index);
  }
  for (const lead of profile.leadDependencies ?? []) {
    const lookup = new Map(lead.mappings.map(([word, value, count, size]) => [word, { value, count, size }]));
    add(into, lead.to, { dependency: { from: lead.from, to: lead.to, strength: lead.strength, support: lead.support, mappings: [] }, lookup, contested: new Map(), firstWordOf: firstWord });
  }
  const pairsInto = new Map<string, PairDependencyIndex[]>();
  for (const dependency of profile.pairDependencies ?? []) {
    const index = pairDependencyIndex(profile, dependency);
    if (index) add(pairsInto, dependency.to, index);
  }
  const symmetricInto = new Map<string, SymmetricIndex[]>();
  const symmetricEnds = new Map<string, SymmetricIndex[]>();
  for (const dependency of profile.symmetricDependencies ?? []) {
    const index = symmetricIndex(profile, dependency);
    if (!index) continue;
    add(symmetricInto, dependency.to, index);
    for (const end of dependency.between) add(symmetricEnds, end, index);
  }
  const arithmetic = new Map<string, ArithmeticRelation[]>();
  for (const relation of profile.arithmetic ?? []) {
    for (const column of [relation.result, relation.left, relation.right]) add(arithmetic, column, relation);
  }
  const clockSums = new Map<string, ClockSum[]>();
  for (const sum of profile.clockSums ?? []) for (const column of [sum.result, sum.start, sum.minutes]) add(clockSums, column, sum);
  const groupRatios = new Map<string, Array<{ relation: GroupRatio; divisors: ReadonlyMap<string, number> }>>();
  for (const relation of profile.groupRatios ?? []) {
    const entry = { relation, divisors: new Map(relation.divisors) };
    for (const column of [relation.column, relation.of]) add(groupRatios, column, entry);
  }
  const missingLinks = new Map<string, MissingLink[]>();
  for (const link of profile.missingLinks ?? []) for (const column of link.columns) add(missingLinks, column, link);
  const trust = profile.sourceTrust;
  const relations = new Map((profile.numericRelations ?? []).map((r) => [r.column, { relation: r, groups: new Map(r.groups.map(([key, m, spread, n]) => [key, [m, spread, n] as const])) }]));
  const classKeys = new Map(profile.columns.map((c) => [c.name, remembered(classKeyFor(c))]));
  const index: ProfileIndex = {
    profile,
    columns,
    classKey: (column) => classKeys.get(column) ?? classKeyFor(undefined),
    relations,
    into,
    from,
    pairsInto,
    symmetricInto,
    symmetricEnds,
    arithmetic,
    clockSums,
    groupRatios,
    missingConvention: missingConvention(profile),
    missingLinks,
    markerSlips: markerSlipRates(profile.columns.map(columnCells)),
    noise: noiseModel(profile.confusions),
    dependencyNoise: dependencyNoise(profile),
    strongestRelation: strongestRelation(profile),
    ...(trust ? { sourceWeights: sourceWeightsOf(trust) } : {}),
  };
  cache.set(profile, index);
  return index;
}

/** Share of a column's values that must be numbers for the way it writes them to say anything. */
const NUMBERS_SHARE = 0.5;

/** Half the column's values or more are numbers: a column of codes or words with a stray number or two writes none. */
export function writesNumbers(col: ColumnIndex): boolean {
  const stats = col.profile.numeric;
  return !!stats && stats.count >= col.profile.filled * NUMBERS_SHARE;
}

/** Every word of the text is one the column writes in two rows or more: its own words. */
export function writesEveryWord(col: ColumnIndex, text: string): boolean {
  return tokensOf(text).every((word) => (col.tokenCounts.get(word) ?? 0) >= 2);
}
