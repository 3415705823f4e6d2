import { isMissing, PLAIN_NUMBER, shapeOf } from '../../profile/values';
import type { Candidate, Family } from './candidates';
import { isOwnQuantity } from './measures';
import type { RuleInput } from './rule-input';

// The evidence for one candidate value as a feature vector (Baran's signals): how strongly each
// rule family proposes it (value-based: typo, format, learned transformations; vicinity-based:
// dependencies on other columns, truth discovery, swaps, numbers read in their row's context;
// domain-based: how often the column holds it and whether it has the column's shape), how many
// families agree, the margin over the best rival value ("no value" is weighed apart), the rows or
// fixes that back it, what it would remove from the value, (for a missing-value marker written as
// no value) the odds that the column is legitimately empty, and whether the failed cell is empty
// (whatever is proposed for it is inferred from the rest of the row or the column, never read from
// the value itself), and how noisy the table looks (`dependencyNoise`). A logistic model over
// these (scorer.ts) says how likely the candidate is right.

export const FAMILIES: readonly Family[] = ['format', 'typo', 'token', 'dependency', 'spill', 'missing', 'outlier', 'decimals', 'context', 'learned', 'swap', 'domain', 'sequence', 'run'];

export const FEATURE_NAMES: readonly string[] = [
  'bias',
  ...FAMILIES.map((f) => `family:${f}`),
  'agreeing-families',
  'domain-frequency',
  'shape-fit',
  'information-loss',
  'current-is-common',
  'margin',
  'support',
  'blank',
  'column-missing-odds',
  'current-blank',
  'noise',
];

const BASE = 0.2;
const clamp = (p: number) => Math.min(0.995, Math.max(0.005, p));
const logit = (p: number) => Math.log(clamp(p) / (1 - clamp(p)));
/**
 * The typo rule's posterior is shared with every value of the column and with "a value it never
 * showed" (Good–Turing), so in a column of many rare values (codes, model names) a clear nearest
 * value may hold 10-20 % of it; counted from BASE such a proposal would weigh nothing. Measured on
 * the tune split, typo proposals the model then stated at 30-49 % were right 88 % of the time.
 * Not for a number: the outlier and decimals rules read its slips with the column's range, and
 * a digit typo of a number is only another reading of the same evidence.
 */
const TYPO_BASE = 0.02;
/** Share of a column's cells that are empty from which leaving a marked cell empty is a rival value. */
const SPARSE_SHARE = 0.2;
/** The table's noise estimate (`dependencyNoise`, at most 0.45) brought to the scale of the other features. */
const NOISE_SCALE = 4;
/** Strength of a rule's proposal: its log-odds above the base rate of a proposed value. */
export const strength = (p: number, base = BASE) => Math.max(0, logit(p) - logit(base));

export interface ValueEvidence {
  value: string;
  x: number[];
  /** The proposals for this value, strongest first. */
  candidates: Candidate[];
}

export function evidenceFor(candidates: readonly Candidate[], input: RuleInput): ValueEvidence[] {
  const byValue = new Map<string, Candidate[]>();
  for (const c of candidates) {
    const list = byValue.get(c.value) ?? [];
    list.push(c);
    byValue.set(c.value, list);
  }
  const col = input.col;
  const filled = Math.max(1, col?.profile.filled ?? 1);
  const currentCommon = (col?.counts.get(input.current) ?? 0) >= 2 ? 1 : 0;
  const currentLength = isMissing(input.current) ? 0 : input.current.trim().length;
  const currentBlank = input.current.trim() === '' ? 1 : 0;
  const numericCurrent = PLAIN_NUMBER.test(input.current.trim()) || isOwnQuantity(col, input.current);
  // The odds that this column is legitimately empty, in log-odds: the prior that a missing marker
  // stands for no value. A marker is written over blanks and values alike, so the chance that it
  // hides a blank grows with the odds of a blank, steeply where blanks are rare (a column empty
  // in one row of twenty almost never hides one, one empty in every other row usually does).
  // Smoothed by half a cell; a fifth keeps it on the scale of the other features.
  const missingOdds = col ? Math.log((col.profile.missing + 0.5) / (col.profile.filled + 0.5)) / 5 : 0;
  const out: Array<ValueEvidence & { total: number }> = [];
  for (const [value, list] of byValue) {
    list.sort((a, b) => b.p - a.p);
    const families = FAMILIES.map((f) => {
      // Relations with several other columns that name the same value are several witnesses
      // (noisy-OR); other families count their strongest proposal.
      if (f === 'dependency') {
        let miss = 1;
        for (const c of list) if (c.family === f) miss *= 1 - c.p;
        return strength(1 - miss);
      }
      let best = 0;
      const base = f === 'typo' && !numericCurrent ? TYPO_BASE : BASE;
      for (const c of list) if (c.family === f) best = Math.max(best, strength(c.p, base));
      return best;
    });
    const total = families.reduce((s, v) => s + v, 0);
    const agreeing = families.filter((v) => v > 0).length;
    const count = col?.counts.get(value) ?? 0;
    const shape = value === '' ? 0 : (col?.shapeShare.get(shapeOf(value)) ?? 0);
    const loss = currentLength > 0 ? Math.max(0, 1 - value.trim().length / currentLength) : 0;
    const support = Math.max(0, ...list.map((c) => c.support ?? 0));
    out.push({
      value,
      candidates: list,
      total,
      x: [1, ...families, Math.max(0, agreeing - 1), Math.log1p(count) / Math.log1p(filled), shape, loss, currentCommon, 0, Math.log1p(support) / 5, value === '' ? 1 : 0, isMissing(value) ? missingOdds : 0, currentBlank, (input.index?.dependencyNoise ?? 0) * NOISE_SCALE],
    });
  }
  // The margin is over the best rival value. "No value" (a blank proposed for a missing-value
  // marker) is no rival: its strength is the missing rule's, which the model weighs against it
  // (whether the cell stays empty is read from the column's missing odds), so counted as a rival it
  // made every value proposed for a marker look contested (tune split, five draws: F1 +0.0005 to
  // +0.0022 zero-shot with the prior refitted; +0.003 to +0.008 at 15 and 30 % errors).
  // In a column that is often empty, though, no value is what a marker most often hides, and a
  // value proposed for it is contested by leaving the cell empty (tune split: F1 up on the two
  // tables with such columns, the sparser one's ECE halved; every other table unchanged).
  const margin = FEATURE_NAMES.indexOf('margin');
  const sparse = !!col && col.profile.missing >= SPARSE_SHARE * (col.profile.missing + col.profile.filled);
  for (const e of out) {
    let rival = 0;
    for (const o of out) if (o !== e && (!isMissing(o.value) || sparse)) rival = Math.max(rival, o.total);
    e.x[margin] = Math.max(-2, Math.min(2, (e.total - rival) / 5));
  }
  return out;
}
