import type { Candidate } from './candidates';
import { evidenceFor, FEATURE_NAMES, type ValueEvidence } from './features';
import { dot, sigmoid } from './logistic';
import { PRIOR_WEIGHTS } from './prior-weights';
import type { RuleInput } from './rule-input';

// Weighs the evidence for each candidate value with a logistic model: zero-shot with the prior
// weights (fitted on the held-out tune sets, see scripts/ai/fit-prior.ts), after fixes with the
// weights fitted on the dataset's own fixes (model.ts). The output is the probability that the
// value is right, which is what the confidence states.

export interface Ranked {
  value: string;
  /** Probability that the value is right. */
  p: number;
  candidates: Candidate[];
  /** The runner-up value and its probability, if any. */
  runnerUp?: { value: string; p: number };
}

if (PRIOR_WEIGHTS.length !== FEATURE_NAMES.length) throw new Error('prior weights do not match the features');

/**
 * A value that only one row-less rule proposes — the run rule (its neighbours above and below
 * hold it) or the domain rule (the column holds it most often) — has nothing in its row behind
 * it, and the column's frequencies and shapes, which the model also weighs, only repeat what the
 * rule measured. A mode is stated at its share of the column's cells: the model, whose frequency
 * feature barely tells a mode of 40 % from one of 90 %, stated them about 70 % whatever the share
 * (tune split: shares under half right 44 %, over four fifths right 99 %). A run's value is stated
 * at most at the share of rows between two equal values that hold the same value where that share
 * is under half (stated about 70 %, right 33 %); above it the model's reading is kept, as a run's
 * share under-states how often long runs are right. A value proposed only by rules that measured what
 * the model does not see (Candidate.stated) is stated at their probability; where such a rule and
 * others agree on the value, the agreement does not lower it below what the stating rule measured.
 */
const ROWLESS = new Set<Candidate['family']>(['run', 'domain']);
function statedByShare(e: ValueEvidence, p: number): number {
  const stated = e.candidates.filter((c) => c.stated);
  if (stated.length > 0) {
    const measured = Math.max(...stated.map((c) => c.p));
    return stated.length === e.candidates.length ? measured : Math.max(p, measured);
  }
  const family = e.candidates[0]?.family;
  if (family === undefined || !ROWLESS.has(family) || !e.candidates.every((c) => c.family === family)) return p;
  const share = Math.max(...e.candidates.map((c) => c.p));
  if (family === 'domain') return share;
  return share < 0.5 ? Math.min(p, share) : p;
}

/** Below this confidence (percent) the provider abstains: the suggestion would more likely be wrong. */
export const MIN_CONFIDENCE = 50;

export function rank(candidates: readonly Candidate[], input: RuleInput, weights: readonly number[] = PRIOR_WEIGHTS): Ranked | undefined {
  if (candidates.length === 0) return undefined;
  const scored = evidenceFor(candidates, input).map((e: ValueEvidence) => ({ e, p: statedByShare(e, sigmoid(dot(weights, e.x))) }));
  scored.sort((a, b) => b.p - a.p || (a.e.value < b.e.value ? -1 : 1));
  const best = scored[0]!;
  const second = scored[1];
  // A floor (Candidate.floor) raises a winning value proposed only by rules that set one; it makes
  // no suggestion of an abstention, and ranks nothing.
  const floors = best.e.candidates.map((c) => c.floor);
  const floor = floors.length > 0 && floors.every((f) => f !== undefined) ? Math.min(...(floors as number[])) : 0;
  return { value: best.e.value, p: best.p * 100 >= MIN_CONFIDENCE ? Math.max(best.p, floor) : best.p, candidates: best.e.candidates, ...(second ? { runnerUp: { value: second.e.value, p: second.p } } : {}) };
}
