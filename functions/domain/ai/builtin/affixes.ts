import { isMissing, shapeOf } from '../../profile/values';
import type { Candidate } from './candidates';
import type { ColumnIndex } from './profile-index';
import { quote, rows, type RuleInput } from './rule-input';

// Nearly every value of a column may start or end with the same characters: a code's prefix
// ("SKU-00142"), a site's scheme and trailing slash ("https://www.….example/"). A value that lost
// them, or part of them ("00142", "www.….example"), gets them back where the column holds the
// result.

/** Share of the column's repeated values (by rows) that must share the prefix or suffix. */
const AFFIX_SHARE = 0.95;
/** The repeated values must cover this share of the column's filled rows for their affixes to be the column's. */
const MIN_COVERAGE = 0.8;

interface Affixes {
  prefix: string;
  suffix: string;
}

const cache = new WeakMap<ColumnIndex, Affixes>();

/** The longest start (or end) that values covering AFFIX_SHARE of the repeated values' rows share. */
function shared(values: ReadonlyArray<readonly [string, number]>, end: 'start' | 'end'): string {
  const total = values.reduce((sum, [, n]) => sum + n, 0);
  const top = values[0]?.[0] ?? '';
  for (let length = top.length - 1; length >= 2; length--) {
    const affix = end === 'start' ? top.slice(0, length) : top.slice(top.length - length);
    let n = 0;
    for (const [value, count] of values) if (value !== affix && (end === 'start' ? value.startsWith(affix) : value.endsWith(affix))) n += count;
    if (n >= AFFIX_SHARE * total) return affix;
  }
  return '';
}

function affixesOf(col: ColumnIndex): Affixes {
  let found = cache.get(col);
  if (!found) {
    const { values, valuesCoverage } = col.profile;
    found = valuesCoverage >= MIN_COVERAGE && values.length >= 3 ? { prefix: shared(values, 'start'), suffix: shared(values, 'end') } : { prefix: '', suffix: '' };
    cache.set(col, found);
  }
  return found;
}

/** The value with the part of `prefix` it lacks put before it (all of it, or what comes before the part it starts with). */
function withPrefix(value: string, prefix: string): string | undefined {
  if (prefix === '' || value.startsWith(prefix)) return undefined;
  for (let cut = 1; cut < prefix.length; cut++) if (value.startsWith(prefix.slice(cut))) return prefix.slice(0, cut) + value;
  return prefix + value;
}

function withSuffix(value: string, suffix: string): string | undefined {
  if (suffix === '' || value.endsWith(suffix)) return undefined;
  for (let keep = suffix.length - 1; keep >= 1; keep--) if (value.endsWith(suffix.slice(0, keep))) return value + suffix.slice(keep);
  return value + suffix;
}

export function affixCandidates(input: RuleInput): Candidate[] {
  const { col, current } = input;
  const text = current.trim();
  if (!col || isMissing(text) || col.counts.has(text)) return [];
  const { prefix, suffix } = affixesOf(col);
  if (prefix === '' && suffix === '') return ofUniqueValues(col, text);
  const front = withPrefix(text, prefix);
  const back = withSuffix(text, suffix);
  const both = front !== undefined && suffix !== '' ? withSuffix(front, suffix) : undefined;
  const out: Candidate[] = [];
  for (const value of new Set([front, back, both])) {
    if (value === undefined) continue;
    const held = col.counts.get(value) ?? 0;
    if (held < 2) continue;
    out.push({ value, p: 0.85, family: 'format', rule: 'format-affix', support: held, reason: `Nearly every value of the column ${describe(prefix, suffix)}; the column holds ${quote(value)} (${rows(held)}).` });
  }
  return out;
}

function describe(prefix: string, suffix: string): string {
  if (prefix && suffix) return `starts with ${quote(prefix)} and ends with ${quote(suffix)}`;
  return prefix ? `starts with ${quote(prefix)}` : `ends with ${quote(suffix)}`;
}

/** Share of a column's values in one shape from which a value put in that shape is one of its values. */
const SHAPE_SHARE = 0.95;
/** What putting back a start or end shared by values that do not repeat shares out: the result is no value the column holds. */
const UNIQUE_P = 0.6;

/**
 * Codes and links that do not repeat (one per product, one per row): no value to land on, but the
 * start or end every value shares (the profile's affix, "SKU-" or "https://shop.example/p/") put
 * back where the result has the shape nearly all of them have ("00142" is "SKU-00142").
 */
function ofUniqueValues(col: ColumnIndex, text: string): Candidate[] {
  const affix = col.profile.affix;
  const shape = col.shape;
  // Where values repeat, the column holds its values: "yes" among "true" and "false" is no "yese".
  if (!affix || !shape || shape.share < SHAPE_SHARE || col.profile.valuesCoverage >= MIN_COVERAGE) return [];
  const front = withPrefix(text, affix.prefix);
  const value = front !== undefined ? (affix.suffix !== '' ? withSuffix(front, affix.suffix) ?? front : front) : withSuffix(text, affix.suffix);
  if (value === undefined || value === text || shapeOf(value) !== shape.shape) return [];
  return [{ value, p: UNIQUE_P, family: 'format', rule: 'format-affix', reason: `Nearly every value of the column ${describe(affix.prefix, affix.suffix)}, in the form ${quote(shape.shape)}; with it, ${quote(text)} is ${quote(value)}.` }];
}
