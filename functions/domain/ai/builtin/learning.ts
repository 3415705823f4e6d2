import { couldHold } from '../../profile/profile';
import { caseStyleOf, fold, isMissing, LEADING_ZERO, parseNumberLike, PLAIN_NUMBER, shapeOf, type CaseStyle } from '../../profile/values';
import type { Learned, LearnedFix, SourceRecord } from '../provider';
import type { Candidate } from './candidates';
import { substitutionsOf } from './channel';
import { quote, type RuleInput } from './rule-input';
import { TRANSFORMS, type Transform } from './transforms';

// Learning from manual fixes of a dataset. Per column:
//  - value mappings: this exact failed value was fixed to that value (in rows like these);
//  - transformations: which generic transformation (with which parameter) each fix is an
//    instance of, and how often it held among the fixes it applied to.
// Fixes also teach the typo model which characters this data gets wrong, and (in the provider)
// how much each kind of evidence deserves to be trusted in this dataset (the fitted model).

export interface LearnedRule {
  transform: Transform;
  param: string;
  explained: number;
  /** Fixes of the column the transformation applied to (right or wrong). */
  applicable: number;
  by: Set<string>;
}

export interface MappingEntry {
  count: number;
  by: Set<string>;
  /** The rows the fixes were made in (the mapping's context). */
  rows: SourceRecord[];
}

export interface ColumnLearning {
  fixes: LearnedFix[];
  mappings: Map<string, Map<string, MappingEntry>>;
  rules: LearnedRule[];
  /** Values people wrote: certainly valid values of the column. */
  confirmed: Map<string, number>;
  confirmedShapes: Set<string>;
}

export interface LearnedModel {
  columns: Map<string, ColumnLearning>;
  /** [intended, written] character substitutions seen in the fixes. */
  substitutions: Array<[string, string, number]>;
  penalties: Readonly<Record<string, number>>;
}

function learnColumn(fixes: LearnedFix[]): ColumnLearning {
  const mappings = new Map<string, Map<string, MappingEntry>>();
  const confirmed = new Map<string, number>();
  const rules = new Map<string, LearnedRule>();
  for (const fix of fixes) {
    const from = fix.oldValue ?? '';
    const targets = mappings.get(from) ?? new Map<string, MappingEntry>();
    const entry = targets.get(fix.newValue) ?? { count: 0, by: new Set<string>(), rows: [] };
    entry.count++;
    entry.by.add(fix.fixedBy);
    if (fix.row) entry.rows.push(fix.row);
    targets.set(fix.newValue, entry);
    mappings.set(from, targets);
    confirmed.set(fix.newValue, (confirmed.get(fix.newValue) ?? 0) + 1);
    for (const transform of TRANSFORMS) {
      const param = transform.infer(from, fix.newValue, fix.row);
      if (param === undefined) continue;
      const key = `${transform.id}\u0000${param}`;
      if (!rules.has(key)) rules.set(key, { transform, param, explained: 0, applicable: 0, by: new Set() });
    }
  }
  // Second pass: how each candidate transformation fares on every fix of the column.
  for (const rule of rules.values()) {
    for (const fix of fixes) {
      const result = rule.transform.apply(fix.oldValue ?? '', fix.row, rule.param);
      if (result === undefined || result === (fix.oldValue ?? '')) continue;
      rule.applicable++;
      if (result === fix.newValue) {
        rule.explained++;
        rule.by.add(fix.fixedBy);
      }
    }
  }
  return { fixes, mappings, confirmed, confirmedShapes: new Set([...confirmed.keys()].map(shapeOf)), rules: [...rules.values()].filter((r) => r.explained > 0) };
}

/** Fixes a transformation must have explained before what it writes is the column's way: one fix may be a slip. */
const TAUGHT_SUPPORT = 2;

/**
 * What the column's fixes taught of one kind of transformation, where they agree: the part of its
 * parameter that `key` reads (the case they write, the layout they write dates in), where
 * transformations with that part held at least twice and none taught another.
 */
export function taughtWay(learning: ColumnLearning | undefined, id: string, key: (param: string) => string = (param) => param): string | undefined {
  const ways = new Map<string, number>();
  for (const rule of learning?.rules ?? []) {
    if (rule.transform.id !== id) continue;
    const way = key(rule.param);
    ways.set(way, Math.max(ways.get(way) ?? 0, rule.explained));
  }
  const [only, ...others] = [...ways];
  return only && others.length === 0 && only[1] >= TAUGHT_SUPPORT ? only[0] : undefined;
}

const cache = new WeakMap<Learned, LearnedModel>();

/** The character substitutions the fixes show, counted: [intended, written, times]. */
function substitutionsIn(fixes: readonly LearnedFix[]): Array<[string, string, number]> {
  const pairs = new Map<string, number>();
  for (const fix of fixes) {
    for (const [a, b] of substitutionsOf(fix.newValue, fix.oldValue ?? '')) {
      if (a.toLowerCase() === b.toLowerCase()) continue;
      pairs.set(a + '\u0000' + b, (pairs.get(a + '\u0000' + b) ?? 0) + 1);
    }
  }
  return [...pairs].map(([key, n]) => {
    const [a, b] = key.split('\u0000') as [string, string];
    return [a, b, n];
  });
}

export function learnFrom(learned: Learned): LearnedModel {
  const cached = cache.get(learned);
  if (cached) return cached;
  const byColumn = new Map<string, LearnedFix[]>();
  for (const fix of learned.fixes) {
    const list = byColumn.get(fix.column) ?? [];
    list.push(fix);
    byColumn.set(fix.column, list);
  }
  const model: LearnedModel = {
    columns: new Map([...byColumn].map(([column, fixes]) => [column, learnColumn(fixes)])),
    substitutions: substitutionsIn(learned.fixes),
    penalties: learned.penalties ?? {},
  };
  cache.set(learned, model);
  return model;
}

/**
 * What the fixes teach without the fix at `left` (leave-one-out): only that fix's column is
 * learnt again; every other column's learning is the whole model's, which that fix never touched.
 */
export function learnWithout(learned: Learned, left: number): LearnedModel | undefined {
  const fix = learned.fixes[left];
  if (!fix || learned.fixes.length < 2) return undefined;
  const whole = learnFrom(learned);
  const others = learned.fixes.filter((_, j) => j !== left);
  const columns = new Map(whole.columns);
  const same = others.filter((f) => f.column === fix.column);
  if (same.length > 0) columns.set(fix.column, learnColumn(same));
  else columns.delete(fix.column);
  // A fix that changed no character in place leaves the substitutions (and the noise model read
  // from them) as they were.
  const substitutions = substitutionsIn([fix]).length === 0 ? whole.substitutions : substitutionsIn(others);
  return { columns, substitutions, penalties: whole.penalties };
}

export function fixers(by: Set<string>): string {
  const list = [...by].sort();
  return list.length <= 2 ? list.join(' and ') : `${list.slice(0, 2).join(', ')} and ${list.length - 2} other${list.length === 3 ? '' : 's'}`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 'es'}`;

/** Share of the other cells two rows have in common (1 when there is nothing to compare). */
export function rowAgreement(a: SourceRecord | undefined, b: SourceRecord | undefined, except: string): number {
  if (!a || !b) return 1;
  let same = 0;
  let compared = 0;
  for (const [name, value] of Object.entries(a)) {
    if (name === except || !(name in b)) continue;
    compared++;
    if (b[name] === value) same++;
  }
  return compared ? same / compared : 1;
}

/** Transformations that only change how the words are written. */
const RESTYLE = new Set(['case', 'spacing']);

/** Transformations that throw most of a value away: they need repeated, unopposed support. */
const LOSSY = new Set(['drop-word', 'take-word', 'copy-column']);

/** Share of a column's values written in a case from which the column is said to write it. */
const WRITES_CASE = 0.05;
const caseShares = new WeakMap<object, Map<CaseStyle, number>>();

/** Whether the column writes values in this case (one value in twenty at least; slips of a few cells do not count). */
function writesInCase(col: NonNullable<RuleInput['col']>, style: CaseStyle): boolean {
  let shares = caseShares.get(col);
  if (!shares) {
    shares = new Map();
    let total = 0;
    for (const n of col.counts.values()) total += n;
    for (const [value, n] of col.counts) shares.set(caseStyleOf(value), (shares.get(caseStyleOf(value)) ?? 0) + n / Math.max(1, total));
    caseShares.set(col, shares);
  }
  return (shares.get(style) ?? 0) >= WRITES_CASE;
}

/** Candidates from what the column's fixes taught: exact mappings and transformations. */
export function learnedCandidates(input: RuleInput): Candidate[] {
  const learning = input.learned?.columns.get(input.column);
  if (!learning) return [];
  const out: Candidate[] = [];
  const col = input.col;
  const targets = learning.mappings.get(input.current);
  if (targets) {
    const total = [...targets.values()].reduce((s, t) => s + t.count, 0);
    // A value the column commonly holds is not wrong in itself: a fix of it was about its row, so
    // the mapping carries over only to rows like the fixed ones. So is a missing-value marker:
    // what stood in one row's gap says nothing of another row's.
    const common = isMissing(input.current) || (col?.counts.get(input.current) ?? 0) >= 2;
    const classOf = input.index?.classKey(input.column);
    for (const [value, t] of targets) {
      if (value === input.current) continue;
      // A fix that wrote the same value another way ("usa" as "USA", "130 kg" as "130") was about
      // how the column writes it, not about its row: it holds in every row. So does a recoding
      // (recoded).
      const inRow = common && !sameValueRewritten(input.current, value, classOf) && !recoded(input.current, value, t.count, col);
      const context = inRow ? Math.max(...t.rows.map((r) => rowAgreement(r, input.row, input.column)), 0) : 1;
      if (inRow && context < 0.5) continue;
      out.push({
        value,
        p: (Math.min(0.97, (t.count + 1) / (total + 2)) * 0.97 + 0.02) * (inRow ? context : 1),
        family: 'learned',
        rule: 'learned-map',
        support: t.count,
        reason: `Learned from ${plural(t.count, 'fix')} by ${fixers(t.by)}: ${quote(input.current)} was changed to ${quote(value)}.`,
      });
    }
  }
  for (const rule of learning.rules) {
    // Support: a transformation that removes information must have held more than once.
    if (LOSSY.has(rule.transform.id) && rule.explained < 2) continue;
    const value = rule.transform.apply(input.current, input.row, rule.param);
    if (value === undefined || value === input.current) continue;
    // The result must look like the column: a value it holds, one of its usual shapes, or the
    // shape of a value people wrote in it.
    const shape = shapeOf(value);
    if (col && !col.counts.has(value) && (col.shapeShare.get(shape) ?? 0) < 0.05 && !learning.confirmed.has(value) && !learning.confirmedShapes.has(shape)) continue;
    // In a column of numbers, a result it could not hold is a change of scale, not of form; and
    // a number copied from another column is what a swap does, which the swap rule weighs on the
    // row's own evidence (copying learned from a few swapped rows copies into every row).
    const stats = col?.profile.numeric;
    if (stats && stats.plainShare >= 0.8 && PLAIN_NUMBER.test(value)) {
      if (rule.transform.id === 'copy-column') continue;
      if (!couldHold(stats, value) && !learning.confirmed.has(value)) continue;
      // Nor does a column of numbers write a leading zero ("0.7" poured into "dd" is "07") unless
      // it holds such values (codes of fixed width) or people wrote one.
      if (LEADING_ZERO.test(value) && !learning.confirmed.has(value) && !col?.leadingZeros) continue;
    }
    // Beta(1,1) estimate of how often this transformation is the right fix when it applies
    // (fixes it applied to but got wrong count against it).
    let p = (rule.explained + 0.5) / (rule.applicable + 1.5);
    // Re-casing or re-spacing keeps the words: in a column whose values recur (few new ones), a
    // result the column has never held was not just mis-cased ("KEELWRIGHTT" -> "Keelwrightt").
    // Not where the column holds no value written that way at all (a second system wrote the whole
    // column in capitals) and the rewrite held for most fixes it applied to: there, that the column
    // never holds the result says nothing of the result.
    const columnsWay = rule.explained >= TAUGHT_SUPPORT && rule.explained >= REWRITE_HELD * rule.applicable && col !== undefined && !writesInCase(col, caseStyleOf(value));
    if (RESTYLE.has(rule.transform.id) && col && !col.counts.has(value) && !learning.confirmed.has(value) && !columnsWay) p *= Math.min(1, 4 * col.unseenShare);
    out.push({
      value,
      p: Math.min(0.97, p),
      family: 'learned',
      rule: `learned-${rule.transform.id}:${rule.param.replace(/\u0000/g, ':')}`,
      support: rule.explained,
      reason: `Learned from ${plural(rule.explained, 'fix')} by ${fixers(rule.by)}: ${rule.transform.describe(rule.param)}.`,
    });
  }
  return out;
}

/**
 * Whether `to` is `from` written another way: the same words in another case or spacing, the same
 * class of value (a date or a time of day in another layout), or the same number with or without
 * its unit (not with a leading zero gained or lost: a code's is part of it). Not a missing-value
 * marker: what filled one row's gap says nothing of another's.
 */
export function sameValueRewritten(from: string, to: string, classOf: ((value: string) => string) | undefined): boolean {
  if (from === to || isMissing(from) || isMissing(to)) return false;
  if (fold(from) === fold(to) || (classOf !== undefined && classOf(from) === classOf(to))) return true;
  // A code's leading zero is part of it ("05035" is no "5035").
  if (LEADING_ZERO.test(from.trim()) !== LEADING_ZERO.test(to.trim())) return false;
  const [a, b] = [parseNumberLike(from), parseNumberLike(to)];
  return a !== undefined && b !== undefined && Number.isFinite(a.value) && a.value === b.value && a.form !== 'percent' && b.form !== 'percent';
}

/** How many times rarer than the value it replaces a recoding's value is in the column, at most. */
const RECODED_RARITY = 0.1;

/**
 * Whether fixes of a value the column commonly holds, all writing one other value the column
 * (nearly) never holds, recode it ("US" fixed to "USA" twice, where the column holds "US" in
 * hundreds of rows and "USA" in none: a second system's codes): a value carried in from another
 * row, or put there by a slip, is one the column holds too, so one fix alone, or a value the column
 * commonly holds, is no recoding.
 */
export function recoded(from: string, to: string, fixes: number, col: RuleInput['col']): boolean {
  if (fixes < 2 || !col || isMissing(from) || isMissing(to)) return false;
  const held = col.counts.get(from) ?? 0;
  return held >= 2 && (col.counts.get(to) ?? 0) <= RECODED_RARITY * held;
}

/**
 * How a value is written, as far as a rewrite's reach goes: its letter case for a re-casing; else
 * its shape with a run of digits read as one digit or several ("Mar 3 2031" is not "Mar 03 2031",
 * "95.0" is "130.0").
 */
const formOf = (rule: LearnedRule, value: string): string => (rule.transform.id === 'case' ? caseStyleOf(value) : shapeOf(value).replace(/dd+/g, 'D'));

const fixedForms = new WeakMap<LearnedRule, Set<string>>();

/** The forms of the values a rule rewrote right (the fixes it explained). */
function formsFixed(learning: ColumnLearning, rule: LearnedRule): Set<string> {
  let forms = fixedForms.get(rule);
  if (!forms) {
    forms = new Set(learning.fixes.filter((f) => rule.transform.apply(f.oldValue ?? '', f.row, rule.param) === f.newValue).map((f) => formOf(rule, f.oldValue ?? '')));
    fixedForms.set(rule, forms);
  }
  return forms;
}

/** Transformations that write a value another way and keep what it says. */
const REWRITES = new Set(['number', 'case', 'spacing', 'digits-layout', 'date-layout', 'clock-layout']);
/** Share of the fixes a rewrite applied to that it explained, for it to be the column's way of writing. */
const REWRITE_HELD = 0.8;

/**
 * How the column's fixes write a value that other rows hold as it stands ("usa" where every fix of
 * "usa" wrote "USA"; "01/31/1970" where the fixes rewrote such dates as "1970-01-31"): a value the
 * relations or runs carry in from those rows is in their (failed) writing, and what the fixes
 * taught is the column's. The exact mapping where every fix of the value wrote it one way (the value
 * written another way, or recoded), else
 * the rewrite that held for most of the fixes it applied to, twice at least, where the rewrites of
 * its kind that held write the value one way; undefined where the fixes teach nothing of it.
 */
export function taughtWriting(learning: ColumnLearning | undefined, value: string, classOf: ((value: string) => string) | undefined, col?: RuleInput['col']): string | undefined {
  if (!learning || isMissing(value)) return undefined;
  let known = writings.get(learning);
  if (!known) writings.set(learning, (known = new Map()));
  if (known.has(value)) return known.get(value);
  const written = writingOf(learning, value, classOf, col);
  known.set(value, written);
  return written;
}

/**
 * What taughtWriting found for each value, per column's learning (the rewrites read no row, and the
 * class key and the column are the column's, the same for every call on one learning).
 */
const writings = new WeakMap<ColumnLearning, Map<string, string | undefined>>();

function writingOf(learning: ColumnLearning, value: string, classOf: ((value: string) => string) | undefined, col: RuleInput['col']): string | undefined {
  const targets = learning.mappings.get(value);
  if (targets) {
    const written = [...targets];
    if (written.length === 1 && (sameValueRewritten(value, written[0]![0], classOf) || recoded(value, written[0]![0], written[0]![1].count, col))) return written[0]![0];
    if (written.length > 0) return undefined;
  }
  // Per kind of rewrite, what the rewrites that held write the value as, and the most fixes one explained.
  const byKind = new Map<string, { results: Set<string>; explained: number }>();
  for (const rule of learning.rules) {
    if (!REWRITES.has(rule.transform.id) || rule.explained < TAUGHT_SUPPORT || rule.explained < REWRITE_HELD * rule.applicable) continue;
    const result = rule.transform.apply(value, undefined, rule.param);
    if (result === undefined || (result !== value && !sameValueRewritten(value, result, classOf))) continue;
    // A rewrite applies to values written as the ones it was taught on were: a re-casing taught on
    // capitals ("PIER OF THE NORTH" as a title) not to a value in mixed case ("Pier of the
    // North"), a date layout taught on ISO dates not to a date already written as the column
    // writes its dates ("Mar 03 2031", which a layout taught on days of two digits would unpad).
    if (result !== value && !formsFixed(learning, rule).has(formOf(rule, value))) continue;
    // A rewrite that held and leaves the value as it is ("C7" fixed to "c7" beside "b2" fixed to
    // "B2", for "b9") says the value is written right: the fixes taught that kind two ways.
    const kind = byKind.get(rule.transform.id) ?? { results: new Set<string>(), explained: 0 };
    kind.results.add(result);
    kind.explained = Math.max(kind.explained, rule.explained);
    byKind.set(rule.transform.id, kind);
  }
  let best: { value: string; explained: number } | undefined;
  for (const { results, explained } of byKind.values()) {
    // Fixes that taught one kind of rewrite two ways for this value ("b9" as "B9" and as "b9") teach neither.
    if (results.size !== 1 || results.has(value)) continue;
    if (!best || explained > best.explained) best = { value: [...results][0]!, explained };
  }
  return best?.value;
}

export type { SourceRecord };
