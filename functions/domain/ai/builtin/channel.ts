import type { Confusions } from '../../profile/profile';
import { isLetter as isLetterText } from '../../profile/values';

// The noisy channel: how likely is it that a value was meant to be `intended` but was written
// as `observed`? Each edit has a probability: keyboard slips and OCR look-alikes are likelier
// than arbitrary substitutions, and the substitutions this dataset is known to suffer (learned
// by the profile, or from people's fixes) likelier still. A substitution repeated in one value
// (every 'n' replaced) is one corruption event, so its repeats are cheap.

const GENERIC_SUB = 0.001;
const DIGIT_SUB = 0.002;
const NEIGHBOUR_SUB = 0.005;
const CASE_SUB = 0.02;
const GENERIC_INDEL = 0.001;
/**
 * A letter left out: about as common a slip as a neighbouring key (a given deletion is one
 * of a value's few positions, a given substitution one of many characters at each).
 */
const DELETION = 0.005;
/** A letter typed twice ("Varnhollm"): likelier than any other insertion. */
const DOUBLED = 0.01;
const SPACE_INDEL = 0.01;
const PUNCT_INDEL = 0.003;
/** Two neighbouring characters typed in the wrong order: one slip (Damerau), as likely as hitting a neighbouring key. */
const TRANSPOSE = 0.005;
/**
 * The single slips of typing, for rules that generate the slips themselves instead of comparing
 * two values (typo.ts reads dates one slip away): a character typed twice, a stray one, one left
 * out, two neighbours swapped, and a letter a scanner read as two or two as one (OCR_SPLITS).
 */
export const SLIP = { doubled: DOUBLED, stray: GENERIC_INDEL, dropped: DELETION, swapped: TRANSPOSE, lookAlike: NEIGHBOUR_SUB } as const;
/** Probability that a corruption event that happened once in a value happens again in it. */
export const REPEAT = 0.5;
/** Distinct characters a sink must be seen overwriting. */
const SINK_SOURCES = 4;

const KEYBOARD_ROWS = ['1234567890-', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
const OCR_GROUPS = ['0oOD', '1lI|i', '5sS', '8B', '2Z', '6G', '9gq', 'uv', 'ce'];
/**
 * Letters a scanner reads as two (and two it reads as one): "m" as "rn", "d" as "cl", "w" as
 * "vv". One look-alike event, priced as a single-character look-alike, not as two edits.
 */
export const OCR_SPLITS: ReadonlyMap<string, string> = new Map([
  ['m', 'rn'],
  ['d', 'cl'],
  ['w', 'vv'],
]);

function neighbourPairs(): Set<string> {
  const pairs = new Set<string>();
  KEYBOARD_ROWS.forEach((row, r) => {
    for (let i = 0; i < row.length; i++) {
      const around = [row[i - 1], row[i + 1], KEYBOARD_ROWS[r - 1]?.[i], KEYBOARD_ROWS[r - 1]?.[i + 1], KEYBOARD_ROWS[r + 1]?.[i], KEYBOARD_ROWS[r + 1]?.[i - 1]];
      for (const n of around) if (n) pairs.add(row[i]! + n);
    }
  });
  // Looked up in lower case (substitutionOf), so stored in lower case: "8" for "B" is "8b".
  for (const group of OCR_GROUPS) for (const a of group) for (const b of group) if (a.toLowerCase() !== b.toLowerCase()) pairs.add((a + b).toLowerCase());
  return pairs;
}
const NEIGHBOURS = neighbourPairs();

export interface NoiseModel {
  substitution(intended: string, observed: string): number;
  indel(c: string): number;
  /** -ln substitution(a, b), memoised. */
  substitutionCost(intended: string, observed: string): number;
  /** -ln indel(c), memoised. */
  indelCost(c: string): number;
  /** The likeliest single corruption: how a value we never saw would be corrupted. */
  readonly typicalEvent: number;
  /**
   * The probability of the likeliest edit of any kind (a repeat excepted): no comparison that
   * needs an edit costs less than -ln of it, which bounds the search from below.
   */
  readonly likeliestEdit: number;
  /** Characters this data uses to overwrite others (learned "sinks"), if any. */
  readonly sinks: ReadonlySet<string>;
}

const isDigit = (c: string) => c >= '0' && c <= '9';

/** A noise model from the substitutions a profile (and fixes) observed. */
export function noiseModel(observed: Confusions | undefined, fixes: ReadonlyArray<[string, string, number]> = []): NoiseModel {
  const pairs = new Map<string, number>();
  const toCounts = new Map<string, number>();
  /** Per written character, how often each intended character was overwritten by it. */
  const sources = new Map<string, Map<string, number>>();
  let total = 0;
  const add = (from: string, to: string, n: number) => {
    pairs.set(from + to, (pairs.get(from + to) ?? 0) + n);
    toCounts.set(to, (toCounts.get(to) ?? 0) + n);
    const bySource = sources.get(to) ?? new Map<string, number>();
    bySource.set(from, (bySource.get(from) ?? 0) + n);
    sources.set(to, bySource);
    total += n;
  };
  for (const [from, to, n] of observed?.pairs ?? []) add(from, to, n);
  // A fix is first-hand evidence: weigh it like several observations from the profile.
  for (const [from, to, n] of fixes) add(from, to, n * 5);
  const sinkProb = new Map<string, number>();
  let likeliestPair = 0;
  if (total >= 8) {
    for (const [to, n] of toCounts) {
      const share = n / total;
      // A sink overwrites many different characters; one pair seen often is a pair of values
      // that differ in one place (two similar codes), not a character written over others.
      const bySource = [...(sources.get(to)?.values() ?? [])];
      const varied = bySource.length >= SINK_SOURCES && Math.max(...bySource) <= n / 2;
      if (share >= 0.25 && n >= 8 && varied) sinkProb.set(to, Math.min(0.25, 0.2 * share + 0.02));
    }
  }
  const pairProb = (pairCount: number) => Math.min(0.1, 0.01 + (0.5 * pairCount) / total);
  for (const n of pairs.values()) if (n >= 3) likeliestPair = Math.max(likeliestPair, pairProb(n));
  const substitutionOf = (a: string, b: string): number => {
    let p = GENERIC_SUB;
    if (isDigit(a) && isDigit(b)) p = DIGIT_SUB;
    if (NEIGHBOURS.has(a.toLowerCase() + b.toLowerCase())) p = Math.max(p, NEIGHBOUR_SUB);
    if (a.toLowerCase() === b.toLowerCase()) p = Math.max(p, CASE_SUB);
    const pairCount = pairs.get(a + b) ?? 0;
    if (pairCount >= 3 && total > 0) p = Math.max(p, pairProb(pairCount));
    const sink = sinkProb.get(b);
    if (sink !== undefined) p = Math.max(p, sink);
    return p;
  };
  const indel = (c: string): number => (/\s/.test(c) ? SPACE_INDEL : /[\p{L}\p{N}]/u.test(c) ? GENERIC_INDEL : PUNCT_INDEL);
  // Costs (-ln p) memoised by character code: the edit-distance loop asks for them millions of times.
  const subCosts = new Map<number, number>();
  const substitutionCost = (a: string, b: string): number => {
    if (a === b) return 0;
    const key = a.charCodeAt(0) * 65_536 + b.charCodeAt(0);
    let c = subCosts.get(key);
    if (c === undefined) {
      c = -Math.log(substitutionOf(a, b));
      if (subCosts.size < 50_000) subCosts.set(key, c);
    }
    return c;
  };
  const substitution = (a: string, b: string): number => (a === b ? 1 : Math.exp(-substitutionCost(a, b)));
  const indelCosts = new Map<number, number>();
  const indelCost = (ch: string): number => {
    const key = ch.charCodeAt(0);
    let c = indelCosts.get(key);
    if (c === undefined) {
      c = -Math.log(indel(ch));
      indelCosts.set(key, c);
    }
    return c;
  };
  const typicalEvent = Math.max(NEIGHBOUR_SUB, ...sinkProb.values());
  const likeliestEdit = Math.max(CASE_SUB, NEIGHBOUR_SUB, DIGIT_SUB, GENERIC_SUB, DELETION, DOUBLED, SPACE_INDEL, PUNCT_INDEL, GENERIC_INDEL, TRANSPOSE, likeliestPair, ...sinkProb.values());
  return { substitution, indel, substitutionCost, indelCost, typicalEvent, likeliestEdit, sinks: new Set(sinkProb.keys()) };
}

/**
 * A floor on -ln P(observed | intended) for two values at least `edits` edits apart: the first
 * edit costs at least -ln(the model's likeliest edit), each further one at least a repeat's
 * -ln(REPEAT) (repeats are the cheapest events). Comparisons whose floor exceeds the budget are
 * skipped before the weighted distance is computed.
 */
export function costFloor(model: NoiseModel, edits: number): number {
  if (edits <= 0) return 0;
  return -Math.log(Math.min(model.likeliestEdit, REPEAT)) + (edits - 1) * -Math.log(REPEAT);
}

let scratch = new Float64Array(4096);
let insertCosts = new Float64Array(64);
let costsOf: { observed?: string; model?: NoiseModel } = {};

type Op = { kind: 'sub'; a: string; b: string } | { kind: 'ins'; c: string; cost: number } | { kind: 'del'; c: string; cost: number } | { kind: 'swap'; a: string; b: string } | { kind: 'ocr'; a: string; b: string };
const lookAlikeCost = -Math.log(NEIGHBOUR_SUB);

/** The pairs a scanner reads as one letter ("rn" as "m"), and the last letters of such pairs. */
const OCR_JOINS: ReadonlyMap<string, string> = new Map([...OCR_SPLITS].map(([one, two]) => [two, one]));
const JOIN_ENDS: ReadonlySet<string> = new Set([...OCR_JOINS.keys()].map((two) => two[1]!));

/** The look-alike event that reads the intended text ending at i as the observed text ending at j, if any (OCR_SPLITS). */
function lookAlikeAt(intended: string, observed: string, i: number, j: number): { di: number; dj: number } | undefined {
  if (i < 1 || j < 1) return undefined;
  const a = intended[i - 1]!;
  const b = observed[j - 1]!;
  const two = OCR_SPLITS.get(a);
  if (two !== undefined && j >= 2 && observed[j - 2] === two[0] && b === two[1]) return SPLIT;
  if (i >= 2 && JOIN_ENDS.has(a) && OCR_JOINS.get(intended[i - 2]! + a) === b) return JOIN;
  return undefined;
}
const SPLIT = { di: 1, dj: 2 } as const;
const JOIN = { di: 2, dj: 1 } as const;

// Only letters: a digit left out or typed twice makes another number, which is the outlier and
// format rules' business, not a misspelling.
/** The profile's letter test, memoised by character code: 0 not yet known, 1 a letter, 2 not (the edit loop asks millions of times). */
const letterCodes = new Uint8Array(65_536);
function isLetter(c: string): boolean {
  const code = c.charCodeAt(0);
  if (letterCodes[code] === 0) letterCodes[code] = isLetterText(c) ? 1 : 2;
  return letterCodes[code] === 1;
}
const doubledAt = (observed: string, j: number) => isLetter(observed[j]!) && (observed[j] === observed[j - 1] || observed[j] === observed[j + 1]);
/** -ln P(the intended character `c` was left out). */
function deletionCost(c: string, model: NoiseModel): number {
  const base = model.indelCost(c);
  return isLetter(c) ? Math.min(base, -Math.log(DELETION)) : base;
}
/** -ln P(the observed character at `j` was typed in addition): a doubled character is the likeliest. */
function insertionCost(observed: string, j: number, model: NoiseModel): number {
  const base = model.indelCost(observed[j]!);
  return doubledAt(observed, j) ? Math.min(base, -Math.log(DOUBLED)) : base;
}

/**
 * ln P(observed | intended) under the model, or undefined when it is below exp(-maxCost).
 * Weighted edit distance (Levenshtein with per-edit costs -ln p), then the repeats of one
 * substitution inside the value are re-priced as one event.
 */
export function channelLogProb(intended: string, observed: string, model: NoiseModel, maxCost: number): number | undefined {
  if (intended === observed) return 0;
  const n = intended.length;
  const m = observed.length;
  const minIndel = -Math.log(REPEAT);
  if (Math.abs(n - m) * minIndel > maxCost) return undefined;
  const width = m + 1;
  // One buffer reused across calls (single-threaded, not re-entrant): no garbage per comparison.
  if (scratch.length < (n + 1) * width) scratch = new Float64Array(Math.max((n + 1) * width, scratch.length * 2));
  const cost = scratch;
  cost[0] = 0;
  // One observed value is compared with a whole vocabulary: its insertion costs are kept.
  if (observed !== costsOf.observed || model !== costsOf.model) {
    if (insertCosts.length < m) insertCosts = new Float64Array(Math.max(m, insertCosts.length * 2));
    for (let j = 0; j < m; j++) insertCosts[j] = insertionCost(observed, j, model);
    costsOf = { observed, model };
  }
  for (let j = 1; j <= m; j++) cost[j] = cost[j - 1]! + insertCosts[j - 1]!;
  const transposeCost = -Math.log(TRANSPOSE);
  for (let i = 1; i <= n; i++) {
    const a = intended[i - 1]!;
    const deleteA = deletionCost(a, model);
    // This letter read by a scanner as two ("m" as "rn"), or it and the one before read as one ("rn" as "m"): one event.
    const split = OCR_SPLITS.get(a);
    const joined = i > 1 && JOIN_ENDS.has(a) ? OCR_JOINS.get(intended[i - 2]! + a) : undefined;
    cost[i * width] = cost[(i - 1) * width]! + deleteA;
    let rowMin = cost[i * width]!;
    for (let j = 1; j <= m; j++) {
      const b = observed[j - 1]!;
      const diagonal = cost[(i - 1) * width + j - 1]! + (a === b ? 0 : model.substitutionCost(a, b));
      const deletion = cost[(i - 1) * width + j]! + deleteA;
      const insertion = cost[i * width + j - 1]! + insertCosts[j - 1]!;
      let best = Math.min(diagonal, deletion, insertion);
      // Adjacent transposition ("ab" written "ba") is one event, not two substitutions.
      if (i > 1 && j > 1 && a !== b && a === observed[j - 2] && intended[i - 2] === b) best = Math.min(best, cost[(i - 2) * width + j - 2]! + transposeCost);
      if (split !== undefined && j > 1 && b === split[1] && observed[j - 2] === split[0]) best = Math.min(best, cost[(i - 1) * width + j - 2]! + lookAlikeCost);
      if (joined !== undefined && b === joined) best = Math.min(best, cost[(i - 2) * width + j - 1]! + lookAlikeCost);
      cost[i * width + j] = best;
      if (best < rowMin) rowMin = best;
    }
    // Repeats are re-priced cheaper below, so allow some slack before giving up.
    if (rowMin > maxCost * 2) return undefined;
  }
  const ops = backtrace(intended, observed, cost, width, model);
  const seen = new Map<string, number>();
  let logp = 0;
  for (const op of ops) {
    const key = op.kind === 'sub' || op.kind === 'swap' || op.kind === 'ocr' ? `${op.kind}${op.a}${op.b}` : `${op.kind}${op.c}`;
    const times = seen.get(key) ?? 0;
    seen.set(key, times + 1);
    if (times > 0) logp += Math.log(REPEAT);
    else logp += op.kind === 'sub' ? Math.log(model.substitution(op.a, op.b)) : op.kind === 'swap' ? Math.log(TRANSPOSE) : op.kind === 'ocr' ? -lookAlikeCost : -op.cost;
  }
  return -logp > maxCost ? undefined : logp;
}

function backtrace(intended: string, observed: string, cost: Float64Array, width: number, model: NoiseModel): Op[] {
  const ops: Op[] = [];
  let i = intended.length;
  let j = observed.length;
  const at = (x: number, y: number) => cost[x * width + y]!;
  const near = (x: number, y: number) => Math.abs(x - y) < 1e-9;
  while (i > 0 || j > 0) {
    const a = intended[i - 1];
    const b = observed[j - 1];
    const look = lookAlikeAt(intended, observed, i, j);
    if (i > 0 && j > 0 && a === b && near(at(i, j), at(i - 1, j - 1))) {
      i--;
      j--;
    } else if (look && near(at(i, j), at(i - look.di, j - look.dj) + lookAlikeCost)) {
      ops.push({ kind: 'ocr', a: intended.slice(i - look.di, i), b: observed.slice(j - look.dj, j) });
      i -= look.di;
      j -= look.dj;
    } else if (i > 1 && j > 1 && a !== b && a === observed[j - 2] && intended[i - 2] === b && near(at(i, j), at(i - 2, j - 2) - Math.log(TRANSPOSE))) {
      ops.push({ kind: 'swap', a: intended[i - 2]!, b: a! });
      i -= 2;
      j -= 2;
    } else if (i > 0 && j > 0 && near(at(i, j), at(i - 1, j - 1) - Math.log(model.substitution(a!, b!)))) {
      ops.push({ kind: 'sub', a: a!, b: b! });
      i--;
      j--;
    } else if (i > 0 && near(at(i, j), at(i - 1, j) + deletionCost(a!, model))) {
      ops.push({ kind: 'del', c: a!, cost: deletionCost(a!, model) });
      i--;
    } else {
      ops.push({ kind: 'ins', c: b!, cost: insertionCost(observed, j - 1, model) });
      j--;
    }
  }
  return ops.reverse();
}

/** The substitutions that turn `intended` into `observed` when they have the same length. */
export function substitutionsOf(intended: string, observed: string): Array<[string, string]> {
  if (intended.length !== observed.length) return [];
  const out: Array<[string, string]> = [];
  for (let i = 0; i < intended.length; i++) {
    if (intended[i] === observed[i]) continue;
    // Two neighbours written in the wrong order are a transposition, not two substitutions.
    if (intended[i] === observed[i + 1] && intended[i + 1] === observed[i]) {
      i++;
      continue;
    }
    out.push([intended[i]!, observed[i]!]);
  }
  return out;
}
