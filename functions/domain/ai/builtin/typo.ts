import { findClock, readClock, writeClock } from '../../profile/clock';
import { readDate, splitTime, timeForm, validTime, writeDate } from '../../profile/dates';
import { decimalsFit, inUsualRange, usualYears, wordsAtMarks } from '../../profile/profile';
import { fold, isCurrency, isMissing, LEADING_ZERO, parseNumberLike, PLAIN_NUMBER, quotedAddress, sameCurrency, shapeOf, wordsAndBreaks } from '../../profile/values';
import { isEmailColumn } from './format';
import type { ColumnIndex } from './profile-index';
import type { Candidate } from './candidates';
import { channelLogProb, costFloor, OCR_SPLITS, SLIP, type NoiseModel } from './channel';
import { isOwnQuantity, otherUnitOf, ownUnit } from './measures';
import { abbreviationOf } from './abbreviations';
import { differInNumeralForm, hasNumeral } from './numerals';
import { inOrder } from './word-order';
import { quote, rows, type RuleInput } from './rule-input';

// Typo repair against the column's frequent values, as a noisy channel: the posterior of each
// frequent value v is prior(v) * P(failed value | v), against the chance that the right value is
// one the column has never shown (Good–Turing share of unseen values). A repair is proposed only
// where one frequent value clearly explains the failed value better than anything else.

const MAX_COST = 25;
/** A candidate must reach this share of the "unseen value" hypothesis to be scored at all. */
const RELEVANCE = 0.02;
const RELIABILITY = 0.95;

interface Scored {
  value: string;
  score: number;
  count: number;
}

const ascii = new Int32Array(128);

/** Lower bound of the edits between two strings: half the characters they do not share. */
export function histogramGap(a: string, b: string): number {
  let wide = false;
  for (let i = 0; i < a.length; i++) {
    const c = a.charCodeAt(i);
    if (c >= 128) wide = true;
    else ascii[c]!++;
  }
  for (let i = 0; i < b.length; i++) {
    const c = b.charCodeAt(i);
    if (c >= 128) wide = true;
    else ascii[c]!--;
  }
  let gap = 0;
  for (let i = 0; i < a.length; i++) {
    const c = a.charCodeAt(i);
    if (c < 128 && ascii[c] !== 0) {
      gap += Math.abs(ascii[c]!);
      ascii[c] = 0;
    }
  }
  for (let i = 0; i < b.length; i++) {
    const c = b.charCodeAt(i);
    if (c < 128 && ascii[c] !== 0) {
      gap += Math.abs(ascii[c]!);
      ascii[c] = 0;
    }
  }
  if (wide) {
    const counts = new Map<string, number>();
    for (const c of a) if (c.charCodeAt(0) >= 128) counts.set(c, (counts.get(c) ?? 0) + 1);
    for (const c of b) if (c.charCodeAt(0) >= 128) counts.set(c, (counts.get(c) ?? 0) - 1);
    for (const n of counts.values()) gap += Math.abs(n);
  }
  return Math.ceil(gap / 2);
}

/** Per character code of a pattern, the bit mask of its positions (Myers' `peq`). */
export function bitMasks(pattern: string): Map<number, number> {
  const peq = new Map<number, number>();
  for (let i = 0; i < pattern.length && i < 31; i++) {
    const c = pattern.charCodeAt(i);
    peq.set(c, (peq.get(c) ?? 0) | (1 << i));
  }
  return peq;
}

/**
 * Plain edit distance (Myers' bit-parallel algorithm) for a pattern of at most 31 characters:
 * a cheap lower bound on the number of edits the noisy channel must explain. One pattern compared
 * with many texts passes its masks (`bitMasks`) once.
 */
export function editDistance(pattern: string, text: string, masks?: Map<number, number>): number {
  const m = pattern.length;
  if (m === 0) return text.length;
  if (m > 31) return Math.abs(m - text.length);
  const peq = masks ?? bitMasks(pattern);
  let pv = -1 >>> (32 - m);
  let mv = 0;
  let score = m;
  const last = 1 << (m - 1);
  for (let j = 0; j < text.length; j++) {
    const eq = peq.get(text.charCodeAt(j)) ?? 0;
    const xv = eq | mv;
    const xh = (((eq & pv) + pv) ^ pv) | eq;
    let ph = mv | ~(xh | pv);
    let mh = pv & xh;
    if (ph & last) score++;
    if (mh & last) score--;
    ph = (ph << 1) | 1;
    mh = mh << 1;
    pv = mh | ~(xv | ph);
    mv = ph & xv;
    pv &= -1 >>> (32 - m);
    mv &= -1 >>> (32 - m);
  }
  return score;
}

type Nearest = ReturnType<typeof nearestInVocabulary>;

/** Searches already made, per noise model and column: the same values and words recur from row to row. */
const searches = new WeakMap<NoiseModel, WeakMap<ColumnIndex, Map<string, Nearest>>>();

/**
 * A search of a column's vocabulary that depends on nothing but the column, the noise model and
 * the key (a value, or a word and whether it comes first): made once per column and model.
 */
function remembered(col: ColumnIndex, noise: NoiseModel, key: string, search: () => Nearest): Nearest {
  let byColumn = searches.get(noise);
  if (!byColumn) searches.set(noise, (byColumn = new WeakMap()));
  let known = byColumn.get(col);
  if (!known) byColumn.set(col, (known = new Map()));
  let found = known.get(key);
  if (!found) known.set(key, (found = search()));
  return found;
}

/**
 * Posterior over vocabulary entries for an observed string. A string several rows share is weighed
 * as right as written by its own frequency (`stay`), and as a slip by the channel alone: identical
 * slips repeat far more often than independent slips would (a habit, a scanner that reads the same
 * letters the same way), so no further chance of that many identical slips is charged. Charged, it
 * read a slip typed six times ("falilng" among "falling" in 500 rows) as a word of the column (tune
 * split at 30 % errors: without it +51 right of +62 suggestions, ECE as low; at 6 % and on the
 * report split unchanged).
 */
export function nearestInVocabulary(
  observed: string,
  vocabulary: ReadonlyArray<readonly [string, number]>,
  total: number,
  unseenShare: number,
  noise: NoiseModel,
  /** Weight of "the observed string is right as written" (0 when it is known to be wrong). */
  stay = 0,
  /** Vocabulary entries not to consider (decided before the costly channel computation). */
  skip?: (value: string) => boolean,
): { best?: Scored; posterior: number; runnerUp?: Scored; runnerUpPosterior: number } {
  const unseen = unseenShare * noise.typicalEvent;
  // The channel's cost has a floor set by a lower bound on the edits (costFloor), checked before
  // the costly weighted distance.
  const floor = (edits: number) => costFloor(noise, edits);
  // A prior too small to reach the relevance threshold is skipped without a logarithm.
  const relevant = RELEVANCE * unseen * total;
  const peq = bitMasks(observed);
  const scored: Scored[] = [];
  for (const [value, count] of vocabulary) {
    if (count <= relevant || value === observed) continue;
    const prior = count / total;
    const budget = Math.min(MAX_COST, Math.log(prior / (RELEVANCE * unseen)));
    if (budget <= 0) continue;
    // Each edit changes the length by at most one, the character counts by at most two.
    if (floor(Math.abs(value.length - observed.length)) > budget) continue;
    if (floor(histogramGap(value, observed)) > budget) continue;
    if (skip?.(value)) continue;
    // A transposition is two plain edits.
    if (floor(Math.ceil(editDistance(observed, value, peq) / 2)) > budget) continue;
    const lp = channelLogProb(value, observed, noise, budget);
    if (lp === undefined) continue;
    scored.push({ value, count, score: prior * Math.exp(lp) });
  }
  scored.sort((a, b) => b.score - a.score || (a.value < b.value ? -1 : 1));
  const sum = scored.reduce((s, x) => s + x.score, 0) + unseen + stay;
  const best = scored[0];
  const runnerUp = scored[1];
  return { best, posterior: best ? best.score / sum : 0, runnerUp, runnerUpPosterior: runnerUp ? runnerUp.score / sum : 0 };
}

/** The column commonly writes values of this value's shape: it is a well-formed member of the domain. */
function wellFormed(value: string, col: NonNullable<RuleInput['col']>): boolean {
  return (col.shapeShare.get(shapeOf(value)) ?? 0) >= 0.05;
}

/** Every difference is a digit where the other has a digit: another number or code, not a slip. */
export function differsOnlyInDigits(a: string, b: string): boolean {
  const mask = (v: string) => v.replace(/\d/g, '0');
  if (mask(a) === mask(b)) return true;
  return PLAIN_NUMBER.test(a.trim()) && PLAIN_NUMBER.test(b.trim());
}

/** Two numbers of one length that differ where one has its point and the other a digit. */
export function pointForDigit(a: string, b: string): boolean {
  if (a.length !== b.length || !PLAIN_NUMBER.test(a) || !PLAIN_NUMBER.test(b)) return false;
  for (let i = 0; i < a.length; i++) if ((a[i] === '.') !== (b[i] === '.')) return true;
  return false;
}

/**
 * For an amount of money, a share or a temperature, a test of values that are not the same kind of
 * amount: another currency ("$22.50" for "€22.50"), or no sign at all ("€45" or "35°" for the
 * score "4/5"). A sign beside a number says what the number is; no slip writes one. Undefined for
 * a value without such a sign.
 */
export function otherAmountThan(value: string): ((other: string) => boolean) | undefined {
  const money = parseNumberLike(value);
  if (money?.form === 'currency') {
    return (other) => {
      const y = parseNumberLike(other);
      return y?.form !== 'currency' || !sameCurrency(money.unit!, y.unit!);
    };
  }
  const sign = AMOUNT_SIGN.exec(value)?.[1];
  return sign === undefined ? undefined : (other) => !other.includes(sign);
}
/** A number with a trailing minus or in parentheses. */
const ACCOUNTING_NEGATIVE = /^(?:\(\s*\d[\d.,]*\s*\)|\d[\d.,]*\s*-)$/;
/** A percent, per-mille or degree sign written right after a number. */
const AMOUNT_SIGN = /\d\s?([%\u2030\u00b0])/;

export function typoCandidates(input: RuleInput): Candidate[] {
  const { col, current, noise } = input;
  if (!col || isMissing(current) || col.spellings.entries.length === 0) return [];
  // A value cut short ("mod" for "moderate") is the abbreviation rule's, not a slip of a commoner value ("good").
  if (abbreviationOf(col, current) !== undefined) return [];
  // A negative as accounts write it ("12-", "(12)") in a column of signed numbers is the number rule's.
  if (ACCOUNTING_NEGATIVE.test(current.trim()) && (col.profile.numeric?.min ?? 0) < 0) return [];
  const valid = wellFormed(current, col);
  // A failed value that other rows share may be right in content and wrong only in form (the
  // format rules handle that): weigh "right as written" by its own frequency.
  const seen = col.counts.get(current) ?? 0;
  const filled = Math.max(1, col.profile.filled);
  // Distance-based repair is for values that are not themselves well formed: a valid number or
  // code is not a slip of a commoner one.
  // Nor is a number with a digit typed where its point belongs (or the reverse): that changes its
  // scale, which the outlier rules weigh against the column's range ("680" is not "6.0" mistyped).
  // Nor is a numeral written as digits where the column writes roman numerals, or the reverse
  // ("MV Storm 2" is no slip of "MV Storm I"): numerals.ts writes it in the column's form.
  // Nor is an amount of money, a share or a temperature anything but the same kind of amount
  // ("$22.50" among "€22.50", "35°" among scores "3/5"): a sign is no slip of another, or of none.
  // (The numeral and amount tests are made only where the value holds a numeral or such a sign.)
  const numeral = hasNumeral(current) ? (v: string) => differInNumeralForm(v, current) : () => false;
  const money = otherAmountThan(current) ?? (() => false);
  // Nor is a value a slip of one that keeps less than half of it ("4/5" is no "5" mistyped), or
  // a word one that keeps none of its letters ("no" is no "ja" mistyped, "E" no "D"; a digit may
  // be another digit mistyped).
  const trimmed = current.trim().length;
  const word = /\p{L}/u.test(current);
  const kept = (v: string) => v.length * 2 < trimmed || (word && replacedWhole(current.trim(), v));
  const skip = valid ? (v: string) => differsOnlyInDigits(v, current) || numeral(v) || money(v) || kept(v) : (v: string) => pointForDigit(v, current) || numeral(v) || money(v) || kept(v);
  const { entries, total } = col.spellings;
  const found = remembered(col, noise, `value ${current}`, () => nearestInVocabulary(current, entries, total, col.unseenShare * newValueOdds(col, current), noise, seen >= 2 ? seen / filled : 0, skip));
  const out: Candidate[] = [];
  for (const [hit, posterior] of [
    [found.best, found.posterior],
    [found.runnerUp, found.runnerUpPosterior],
  ] as const) {
    if (!hit || posterior < 0.05) continue;
    out.push({
      value: hit.value,
      p: posterior * RELIABILITY,
      family: 'typo',
      rule: 'typo',
      support: hit.count,
      reason: `${quote(current)} looks like a typo of ${quote(hit.value)}, this column's value in ${rows(hit.count)}.`,
    });
  }
  return out;
}

/** The typo rule's confidence from which a value another rule proposes is read as a slip of its repair. */
const SLIP_OF_PROPOSAL = 0.9 * RELIABILITY;
/** Times as many rows as the proposed value the repair must hold. */
const COMMONER = 5;
/** Share of a column's values never seen before above which a proposed value is never read as a slip. */
const RARE_VALUES = 0.1;

/**
 * A value a rule of the row's neighbours or relations proposes may be a slip itself, carried from
 * the row it was read in ("West Qauy" beside rows of "West Quay"): where the typo rule would
 * repair it, with near certainty, into a value the column holds many times as often, that value.
 */
export function commonerSpelling(input: RuleInput, value: string): string | undefined {
  const { col } = input;
  // Where a tenth of the column's values are ones it never showed, no repair reaches near
  // certainty (the unseen share outweighs it): the search is not made.
  if (!col || isMissing(value) || col.unseenShare > RARE_VALUES) return undefined;
  const count = col.counts.get(value) ?? 0;
  if (count > 2) return undefined;
  const [best] = typoCandidates({ ...input, current: value });
  if (!best || best.p < SLIP_OF_PROPOSAL || (col.counts.get(best.value) ?? 0) < COMMONER * Math.max(1, count)) return undefined;
  return best.value;
}

/**
 * Two words run together over a sink character (a character this data writes over others): split
 * only between two words the column uses often, never inside a number or code (a digit next to
 * the sink means the characters belong together).
 */
function splitAtSink(word: string, known: ReadonlyMap<string, number>, sinks: ReadonlySet<string>): { value: string; support: number } | undefined {
  const ok = (w: string) => w.length >= 2 && !/\d/.test(w) && (known.get(w) ?? 0) >= 2;
  for (let i = 1; i < word.length - 1; i++) {
    if (!sinks.has(word[i]!) || /\d/.test(word[i - 1]!) || /\d/.test(word[i + 1]!)) continue;
    const left = word.slice(0, i);
    const right = word.slice(i + 1);
    if (ok(left) && ok(right)) return { value: `${left} ${right}`, support: Math.min(known.get(left)!, known.get(right)!) };
  }
  return undefined;
}

/** Characters a scanner or a keyboard writes for a digit: OCR look-alikes and the key below it. */
const DIGIT_FOR: ReadonlyMap<string, string> = new Map([
  ...(['O', 'o', 'D', 'Q'].map((c) => [c, '0']) as Array<[string, string]>),
  ...(['l', 'I', 'i', '|', '!'].map((c) => [c, '1']) as Array<[string, string]>),
  ['Z', '2'],
  ['z', '2'],
  ['S', '5'],
  ['s', '5'],
  ['G', '6'],
  ['b', '6'],
  ['B', '8'],
  ['g', '9'],
  ['q', '9'],
  ...([...'qwertyuiop'].map((c, i) => [c, '1234567890'[i]!]) as Array<[string, string]>),
]);

/**
 * Share of a column's values in a shape below which the shape is a slip's, not a form the column
 * writes. The column's own slips share their shape (a look-alike letter mostly replaces the same
 * digit: "2O17", "1O52", "3O08" are all dAdd); where errors are many, a few percent of the values
 * are such slips, so one percent would call them a form of the column.
 */
const RARE_SHAPE = 0.03;
/**
 * Times a value may be seen and still be read as a look-alike slip: the same date or weight slipped
 * the same way twice is no new form of the column; three times is taken as written.
 */
const SLIP_REPEATS = 3;

/** Whether a value is in a form its column rarely writes, and not so often that the column writes it so. */
const slipForm = (col: NonNullable<RuleInput['col']>, current: string): boolean =>
  (col.shapeShare.get(shapeOf(current)) ?? 0) < RARE_SHAPE && (col.counts.get(current) ?? 0) < SLIP_REPEATS;

/**
 * A number or code with one character that is no digit where the column's values all have
 * digits ("40.7360b8" in a column of dd.dddddd): the OCR look-alike or the keyboard key above it;
 * or a code out of the column's shape by a character typed twice ("PIER-00417" among PIER-dddd):
 * that character once. Proposed where a reading gives the column's usual shape (several split the
 * confidence). Values seen once (ids, coordinates, phone numbers) have no frequent value to
 * repair against, so the shape is the evidence.
 */
export function shapeRepairCandidates(input: RuleInput): Candidate[] {
  const { col, current } = input;
  if (!col || isMissing(current)) return [];
  if (!col.shape || col.shape.share < 0.5 || !col.shape.shape.includes('d')) return [...numberRepairCandidates(input), ...memberReadingCandidates(input)];
  if (!slipForm(col, current)) return [];
  const seen = col.counts.get(current) ?? 0;
  const shape = col.shape.shape;
  const usual = (value: string) => (col.shapeShare.get(shapeOf(value)) ?? 0) >= 0.2;
  const found = new Map<string, string>();
  for (const value of digitReadings(current)) if (usual(value)) found.set(value, `${quote(current)} has a character where this column's values have a digit; read as ${quote(value)} it has the column's usual form (${shape}).`);
  // A key held down or struck twice ("+1 555-0144-2200" where the column writes ddd-ddd-dddd).
  // Not in a plain number: the outlier and decimals rules read its slips with the column's range.
  // Nor in a value the column repeats: a range seen twice as "100 to 49999" is likelier short of a
  // zero than a "100 to 4999" with a nine struck twice; a look-alike letter reads one way only.
  if (!PLAIN_NUMBER.test(current.trim()) && seen === 0) {
    for (const value of doubledReadings(current)) if (usual(value) && !found.has(value)) found.set(value, `${quote(current)} has a character typed twice; without it, ${quote(value)} has the column's usual form (${shape}).`);
    // Or a number padded with a zero ("E01004" among E1000-E1499 may be "E1004" as well as a
    // doubled zero's "E0104"): the readings share the confidence.
    for (const value of unpaddedReadings(current)) if (usual(value) && !found.has(value)) found.set(value, `${quote(current)} has a zero before its number; without it, ${quote(value)} has the column's usual form (${shape}).`);
  }
  return shared(found);
}

/** Rows from which a value a look-alike reading gives is one the column holds, not a chance. */
const HELD_MEMBER = 3;

/**
 * In a column of many forms (model names, codes of several makers) no one shape is the evidence,
 * but a value in a form the column rarely writes, with a letter that reads as a digit, whose
 * reading is a value the column holds in several rows ("KX-8O" among "KX-80", "AQ-I4"), is that
 * value: the look-alike slip leaves a form the column does not write. A value the column repeats
 * (three times or more) is taken as written, as is any value in a form the column writes.
 */
function memberReadingCandidates(input: RuleInput): Candidate[] {
  const { col, current } = input;
  const text = current.trim();
  if (!col || PLAIN_NUMBER.test(text) || !slipForm(col, current)) return [];
  const found = new Map<string, string>();
  for (const value of digitReadings(text)) {
    const held = col.counts.get(value) ?? 0;
    if (held >= HELD_MEMBER) found.set(value, `${quote(current)} has a character that reads as a digit; read so, it is ${quote(value)}, this column's value in ${rows(held)}.`);
  }
  return shared(found);
}

/** Readings that share one confidence: several readings split it. */
function shared(found: ReadonlyMap<string, string>): Candidate[] {
  return [...found].map(([value, reason]) => ({ value, p: 0.8 / found.size, family: 'typo' as const, rule: 'typo-shape', reason }));
}

/** The readings of a text with one look-alike or key-above character read as its digit. */
function digitReadings(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const digit = DIGIT_FOR.get(text[i]!);
    if (digit !== undefined) out.push(text.slice(0, i) + digit + text.slice(i + 1));
  }
  return out;
}

/** The readings of a text with the zero that starts one of its numbers left out ("E01004" is "E1004"; a fraction's "0.05" keeps its zero). */
function unpaddedReadings(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < text.length; i++) if (text[i] === '0' && /\d/.test(text[i + 1]!) && (i === 0 || !/[\d.,]/.test(text[i - 1]!))) out.push(text.slice(0, i) + text.slice(i + 1));
  return out;
}

/** The readings of a text with one of two equal neighbouring characters left out. */
function doubledReadings(text: string): string[] {
  const out: string[] = [];
  for (let i = 1; i < text.length; i++) if (text[i] === text[i - 1] && text[i] !== text[i - 2]) out.push(text.slice(0, i) + text.slice(i + 1));
  return out;
}

/**
 * The same for a column of plain numbers with no one usual shape (counts of 3 to 7 digits, shares
 * with any number of decimals): "52O48", "0.0q3", "l309". One look-alike or key-above character
 * read as its digit must give a plain number in the range the column usually holds, with no more
 * decimals than nearly all its numbers show.
 */
function numberRepairCandidates(input: RuleInput): Candidate[] {
  const { col, current } = input;
  const stats = col?.profile.numeric;
  const text = current.trim();
  if (!col || !stats || stats.plainShare < 0.8 || stats.count < col.profile.filled * 0.8 || PLAIN_NUMBER.test(text)) return [];
  const found = new Map<string, string>();
  for (const value of digitReadings(text)) {
    if (PLAIN_NUMBER.test(value) && !LEADING_ZERO.test(value) && inUsualRange(stats, Number(value)) && decimalsFit(stats, value)) found.set(value, `${quote(current)} has a character where this column writes numbers; read as ${quote(value)} it is a number like the column's others.`);
  }
  return shared(found);
}

/**
 * How much less likely a word the column never showed is to be a new word than the share of new
 * words says, set against the column's words it is a slip from. A new word comes from the
 * language, not from the column: that it lands one slip from one of the column's words
 * ("Muincipal" beside "Municipal") is a coincidence, priced at a typical slip it would be no
 * rarer than the slip itself. Not for a word with digits (a time, a part of a code): its
 * neighbours are other numbers, as likely new as mistyped ("13:49" beside "11:49"). Measured on
 * the tune split (seeds 7, 11 and 13, at 6, 15 and 30 % errors): word repairs stated 30-45 % were
 * right 83-95 % of the time; with a twentieth, 71 more right suggestions over the draws and
 * settings and F1 up or equal on each; a quarter gained less, a fiftieth no more.
 */
const NEW_WORD_NEAR_KNOWN = 1 / 20;
/** Letters from which a value's neighbours one slip away are too many for a new value to land among them by chance. */
const LONG_VALUE = 5;

/**
 * The same coincidence for a whole value never seen ("quenby corsiar" among boats), where it is long enough
 * and without digits (three-letter codes are so many that a new one often lies one slip from a
 * known one), and no value of the column written with other case or spacing (that is a format
 * matter). Tune split: +57 right at 15 and 30 % errors, none lost at 6 %.
 */
function newValueOdds(col: ColumnIndex, value: string): number {
  const text = value.trim();
  return text.length < LONG_VALUE || col.byFolded.has(fold(text)) ? 1 : newWordOdds(text);
}

/** The new-word odds of a word: NEW_WORD_NEAR_KNOWN, or none for a word with digits. */
const newWordOdds = (word: string) => (/\d/.test(word) ? 1 : NEW_WORD_NEAR_KNOWN);

/** Share of unseen words at a position above which an unknown word there is no reason to give up. */
const NEW_WORDS_COMMON = 0.2;

/** Words of a column that must be a number with one unit for that unit to be the column's. */
const MEASURED_WORDS = 3;
const unitWords = new WeakMap<ColumnIndex, ReadonlyMap<string, number>>();

/** A number with a unit the column's frequent words carry in several of its values ("95km" among "9km", "12km"). */
function isMeasurement(col: ColumnIndex, word: string): boolean {
  if (!/^\d/.test(word)) return false;
  let units = unitWords.get(col);
  if (!units) {
    const counts = new Map<string, number>();
    for (const [token, n] of col.profile.tokens) {
      const u = /^\d/.test(token) ? parseNumberLike(token)?.unit : undefined;
      if (u !== undefined) counts.set(u, (counts.get(u) ?? 0) + n);
    }
    units = counts;
    unitWords.set(col, units);
  }
  if (units.size === 0) return false;
  const unit = parseNumberLike(word)?.unit;
  return unit !== undefined && (units.get(unit) ?? 0) >= MEASURED_WORDS;
}

/** Share of a column's values in its dominant shape from which a word repair must land in one of its shapes. */
const ONE_SHAPE = 0.9;

/**
 * A shape with every run of digits before a point as one: "d.d a+/A" and "dd.d a+/A" are one
 * form of measurement; "d.dddd a+/A" (more decimals) is another.
 */
const looseShape = (shape: string) => shape.replace(/(^|[^.d])d+/g, '$1d');
const looseCache = new WeakMap<object, Map<string, number>>();

/** Share of a column's filled values per loose shape (its frequent shapes). */
function looseShapes(col: ColumnIndex): Map<string, number> {
  let out = looseCache.get(col);
  if (!out) {
    out = new Map<string, number>([['', 0]]);
    for (const [shape, share] of col.shapeShare) out.set(looseShape(shape), (out.get(looseShape(shape)) ?? 0) + share);
    looseCache.set(col, out);
  }
  return out;
}

/** No character of a word is in another (case aside): the one is not the other misspelt. */
export function replacedWhole(word: string, other: string): boolean {
  const kept = new Set(other.toLowerCase());
  return ![...word.toLowerCase()].some((c) => kept.has(c));
}

/**
 * Chance that an address's domain word is one the column's addresses never used: they use a few
 * domains over and over (a new one is rare), where their names are mostly new.
 */
const DOMAIN_UNSEEN = 0.01;

/**
 * Word by word, for multi-word values no frequent value matches as a whole ("14 lantrens", and
 * the parts of e-mails and codes: "pilot@varnhlom.example", "PEIR-0417"): every unknown word is
 * repaired against the column's frequent words; numbers are left alone (a number is not a
 * misspelt word).
 */
export function tokenCandidates(input: RuleInput): Candidate[] {
  const { col, current, noise, index } = input;
  if (!col || isMissing(current) || col.profile.tokens.length === 0) return [];
  // A quantity of the column's own unit, however written ("3.92 cm" among millimetres, where "cm"
  // is one slip from "mm"), is the measure rule's: its words are units, not words to repair.
  if (isOwnQuantity(col, current)) return [];
  // Nor is another unit of the column's dimension, two slips or more from its own ("5 lb" among
  // kilograms is no "5 kg"; "6.4 cm" among millimetres may be).
  const other = otherUnitOf(col, current);
  if (other && editDistance(other.unit.replace(/\.$/, ''), other.own.replace(/\.$/, '')) >= 2) return [];
  // A name written last word first ("Kell, Ada") keeps its words: its comma is no stray one.
  if (inOrder(col, current) !== undefined) return [];
  // Nor does an address a mail program wrote with a name or a link ("Ada Kell <…>"): the format rule keeps the address.
  if (isEmailColumn(col) && quotedAddress(current) !== undefined) return [];
  // Nor an amount in another currency than the column's ("$22.50" among "€22.50").
  const money = parseNumberLike(current);
  const own = ownUnit(col);
  if (money?.form === 'currency' && own && isCurrency(own.spelling) && !sameCurrency(money.unit!, own.spelling)) return [];
  // Read the value's words as its profile's vocabulary was read.
  const parts = wordsAndBreaks(current, wordsAtMarks(index?.profile));
  const words = parts.filter((_, i) => i % 2 === 0);
  if (words.length < 2 && col.profile.tokenTotal <= col.profile.filled * 1.2) return [];
  let p = 1;
  let changed = 0;
  const repaired: string[] = [];
  // An address's name part is mostly new names (one person, one address): an unknown word there
  // is no reason to give up on a slip in its domain ("ada.kell@harbour.exmaple").
  const email = isEmailColumn(col);
  let beforeAt = email;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (i % 2 === 1 && part.includes('@')) beforeAt = false;
    // Numbers, and numbers with a unit the column's words carry ("12km" in "12km north of
    // Varnholm"), are values, not words to repair ("5pa" for "Spa" is no measurement there).
    if (i % 2 === 1 || part === '' || PLAIN_NUMBER.test(part) || isMeasurement(col, part)) {
      repaired.push(part);
      continue;
    }
    // A word the column uses is weighed as "right as written" against its likelier neighbours:
    // the same slip repeated a few times still reads as a known word.
    const seen = col.tokenCounts.get(part) ?? 0;
    const lead = parts.slice(0, i).every((q) => q.trim() === '');
    // A first word is drawn from the first words: a word's count over their number is its prior
    // there (exact for words seen only first, as makers and cities mostly are).
    const total = Math.max(1, lead ? col.leadTokenTotal : col.profile.tokenTotal);
    const unseenShare = lead ? col.unseenLeadTokenShare : col.unseenTokenShare;
    // An address's domain words come from the few domains the column's addresses use, not from
    // its names: each weighed by the share of addresses that use it, a new one being rare.
    const nearest = email && !beforeAt
      ? remembered(col, noise, `domain ${part}`, () => nearestInVocabulary(part, col.profile.tokens, Math.max(1, col.profile.filled), DOMAIN_UNSEEN, noise, seen / Math.max(1, col.profile.filled)))
      : remembered(col, noise, `${lead ? 'first' : 'word'} ${part}`, () => nearestInVocabulary(part, col.profile.tokens, total, unseenShare * newWordOdds(part), noise, seen / total));
    // A repair keeps something of the word: "n" of "n.d." is no slip of the unit "L", whatever
    // the column's words are (a word replaced whole is another word, not a misspelt one).
    const found = nearest.best && replacedWhole(part, nearest.best.value) ? { ...nearest, best: undefined, posterior: 0 } : nearest;
    if (seen > 0 && (!found.best || found.posterior < 0.5)) {
      repaired.push(part);
      continue;
    }
    if (!found.best || found.posterior < 0.5) {
      const split = splitAtSink(part, col.tokenCounts, noise.sinks);
      // Where new words are common (model names after a maker, an address's names), an unknown word is left as it is.
      if (!split && (unseenShare >= NEW_WORDS_COMMON || beforeAt)) {
        repaired.push(part);
        continue;
      }
      if (!split) return [];
      // Evidence grows with how common both words are.
      p *= 0.5 + 0.45 * Math.min(1, split.support / 20);
      changed++;
      repaired.push(split.value);
      continue;
    }
    p *= found.posterior;
    changed++;
    repaired.push(found.best.value);
  }
  const value = repaired.join('');
  if (changed === 0 || value === current) return [];
  // Words only re-cased are no misspellings: where the result is no value of the column, the
  // word-case rule decides ("Ada Kell" among "ada.kell" is no "ada kell").
  if (value.toLowerCase() === current.toLowerCase() && !col.counts.has(value)) return [];
  // Where nearly every value has one form, a measurement or code repaired into a form the column
  // never writes is no repair ("12.5 ppm" among "12.5 mg/L" is no "12.5 mg"). Words alone may
  // come in any number.
  if (/\d/.test(value)) {
    const forms = looseShapes(col);
    if (Math.max(...forms.values()) >= ONE_SHAPE && !forms.has(looseShape(shapeOf(value)))) return [];
  }
  return [
    {
      value,
      p: p * RELIABILITY * 0.95,
      family: 'token',
      rule: 'typo-words',
      reason: `${changed === 1 ? 'A word' : `${changed} words`} of ${quote(current)} look${changed === 1 ? 's' : ''} mistyped; the column's frequent words give ${quote(value)}.`,
    },
  ];
}

/**
 * A date the column's layout cannot read ("2013-110-14", "2015-70-21"): the dates one slip away
 * (a digit typed twice or stray, one left out, one mistyped, two neighbours swapped) that the
 * column's layout writes exactly so, weighed by how likely each slip is (the channel's slips; a
 * digit typed twice counts as a doubled key here, since a date's digits are no other number). Proposed when one
 * reading clearly leads. A valid date is touched only when its year lies far outside the years the
 * column holds ("1874-05-02" among dates of 1995-2004): a wrong but plausible date is no slip.
 */
export function dateSlipCandidates(input: RuleInput): Candidate[] {
  const { col, current, noise } = input;
  const layout = col?.profile.dateLayout;
  const text = current.trim();
  if (!col || !layout || isMissing(current) || text.length > 40 || !/\d/.test(text)) return [];
  // The slip undone must give a date of the years the column holds ("0232" is "2032", not "1232").
  const [firstYear, lastYear] = usualYears(col.profile);
  const inYears = (year: number) => year >= firstYear && year <= lastYear;
  // A valid date (at a valid time of day) is a slip only when its year is far from every year the
  // column holds.
  // A date of the column's layout with a part a digit short ("2031-3-14") is no valid date either:
  // the format rule leaves it to this one, as it may have lost a digit as well as its padding.
  // (Where both parts are short, "2031-3-5", no one slip gives a date: the format rule pads it.)
  const style = col.profile.dateStyle;
  /** A date's reading in the column's layout, and whether it is written exactly as the column writes its dates. */
  const inLayout = (date: string) => {
    const reading = readDate(date).find((r) => r.layout === layout);
    return reading && { reading, asColumn: writeDate(reading.date, layout, style) === date };
  };
  const valid = readDate(text);
  const { date: written, time: writtenTime } = splitTime(text);
  const short = inLayout(written)?.asColumn === false;
  if (!short && valid.length > 0 && valid.some((r) => inYears(r.date.year)) && validTime(writtenTime)) return [];
  // Dates with a time of day ("2031/03/14 08:54") are read in two parts: the date must be written
  // as the column writes its dates, the time must have the column's form and exist on a clock.
  const reads = (value: string) => {
    const { date, time } = splitTime(value);
    if (timeForm(time) !== (style?.time ?? '') || !validTime(time)) return false;
    const read = inLayout(date);
    return read !== undefined && read.asColumn && inYears(read.reading.date.year);
  };
  // A reading of a year outside the column's 2nd-98th percentile years is one of the few dates in
  // a hundred the column holds there: "200-04-12" among dates of 2001 is 2001, though a doubled
  // zero typed once ("2000") is the likelier slip.
  const [low, high] = col.profile.dateYears ?? [-Infinity, Infinity];
  const yearOf = (value: string) => inLayout(splitTime(value).date)?.reading.date.year;
  const weights = new Map(
    [...slipWeights(text, DIGITS, isDigit, noise)].map(([value, w]) => {
      const year = yearOf(value);
      return [value, year !== undefined && (year < low || year > high) ? w * TAIL_YEARS : w] as const;
    }),
  );
  const readings = leadingReadings(weights, reads);
  // A part a digit short gives one date only where the digit can go back in one way ("2031-3-14"
  // is March; "2031-1-14" may be any of four months).
  if (short && readings.length > 1) return [];
  return readings.map(({ value, p }) => ({
    value,
    p,
    family: 'typo' as const,
    rule: 'typo-date',
    reason: `${quote(current)} is no date in this column's layout (${layout}); one slip away it reads ${quote(value)}.`,
  }));
}

/** The prior weight of a date in a year outside the column's 2nd-98th percentile years, against one inside them. */
const TAIL_YEARS = 0.05;
const DIGITS = '0123456789';
const isDigit = (c: string) => c >= '0' && c <= '9';

/**
 * Every value one slip from `text` (a character typed twice or stray, one of `insertable` left
 * out, one of them mistyped for a character `substitutable` allows, two neighbours swapped, a
 * letter a scanner read as two or two as one), with how likely that slip is under the channel.
 */
function slipWeights(text: string, insertable: string, substitutable: (c: string) => boolean, noise: RuleInput['noise']): Map<string, number> {
  const weights = new Map<string, number>();
  const add = (value: string, w: number) => weights.set(value, (weights.get(value) ?? 0) + w);
  for (let i = 0; i <= text.length; i++) {
    const c = text[i];
    if (c !== undefined) {
      add(text.slice(0, i) + text.slice(i + 1), c === text[i - 1] || c === text[i + 1] ? SLIP.doubled : SLIP.stray);
      if (i + 1 < text.length && c !== text[i + 1]) add(text.slice(0, i) + text[i + 1] + c + text.slice(i + 2), SLIP.swapped);
    }
    // A letter a scanner read as two ("p.rn." for "p.m."), or two it read as one.
    for (const [one, two] of OCR_SPLITS) {
      if (text.startsWith(two, i)) add(text.slice(0, i) + one + text.slice(i + two.length), SLIP.lookAlike);
      if (c === one) add(text.slice(0, i) + two + text.slice(i + 1), SLIP.lookAlike);
    }
    for (const d of insertable) {
      add(text.slice(0, i) + d + text.slice(i), SLIP.dropped);
      if (c !== undefined && substitutable(c) && d !== c) add(text.slice(0, i) + d + text.slice(i + 1), noise.substitution(d, c));
    }
  }
  return weights;
}

/** The two likeliest of the slips' values that `reads` accepts, each with its share of their weight. */
function leadingReadings(weights: ReadonlyMap<string, number>, reads: (value: string) => boolean): Array<{ value: string; p: number }> {
  const readable: Array<{ value: string; w: number }> = [];
  for (const [value, w] of weights) if (reads(value)) readable.push({ value, w });
  const total = readable.reduce((sum, r) => sum + r.w, 0);
  readable.sort((a, b) => b.w - a.w || (a.value < b.value ? -1 : 1));
  return readable.slice(0, 2).map(({ value, w }) => ({ value, p: (w / total) * RELIABILITY }));
}

/**
 * A value of a column of times of day that reads as no time (in any form: "7:1 0p.m.", "7:10
 * .pm.", "6:71 p.m."), as the times one slip away that the column's form writes exactly so,
 * weighed by how likely each slip is. A valid time is never touched: a wrong but possible time is
 * no slip. Where two readings are as likely ("7:10 .m." lost its "a" or its "p"), neither leads.
 */
export function clockSlipCandidates(input: RuleInput): Candidate[] {
  const { col, current, noise } = input;
  const form = col?.profile.clock;
  const text = current.trim();
  if (!form || isMissing(current) || text.length > 24 || !/\d/.test(text) || readClock(text) || findClock(text)) return [];
  const reads = (value: string) => {
    const reading = readClock(value);
    return reading !== undefined && writeClock(reading.time, form) === value;
  };
  const insertable = [...new Set(`${DIGITS}:${form.meridiem}${writeClock({ minutes: 720 }, form)}`)].join('');
  // A plain number ("8.45") may as well be another column's value carried in: half as sure.
  const sure = PLAIN_NUMBER.test(text) ? 0.5 : 1;
  return leadingReadings(slipWeights(text, insertable, () => true, noise), reads).map(({ value, p }) => ({
    value,
    p: p * sure,
    family: 'typo' as const,
    rule: 'typo-time',
    reason: `${quote(current)} is no time of day; one slip away it reads ${quote(value)}, as this column writes its times.`,
  }));
}
