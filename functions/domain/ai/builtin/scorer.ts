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
/**
 * A value one relation with one other column names, and nothing else, is right about as often as
 * that relation's group agrees: a size that names a bird's species in three rows of four names it,
 * wrongly, in the fourth. Errors weaken every relation of a table alike, so the group's share is
 * read against the table's strongest relation (a share of 0.5 where the strongest holds in 0.6 of
 * rows is most of what the table can show), and the stated confidence goes at most a quarter of
 * the way from that reading to certainty. The model, which weighs relations by the rows behind
 * them and finds no rival beside such a value, stated these about 90 % (tune split, four draws at
 * 6 to 30 % errors: right 37 % where the reading was under half, 61–76 % between half and four
 * fifths, within 3 points of the reading plus this quarter in every band).
 */
const LONE_RELATION_SLACK = 0.25;
function loneRelation(e: ValueEvidence, p: number, input: RuleInput): number {
  const only = e.candidates.length === 1 ? e.candidates[0]! : undefined;
  if (!only || only.family !== 'dependency' || only.stated) return p;
  const reading = only.p / Math.max(only.p, input.index?.strongestRelation ?? 0);
  return Math.min(p, reading + (1 - reading) * LONE_RELATION_SLACK);
}
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
  const scored = evidenceFor(candidates, input).map((e: ValueEvidence) => ({ e, p: loneRelation(e, statedByShare(e, sigmoid(dot(weights, e.x))), input) }));
  scored.sort((a, b) => b.p - a.p || (a.e.value < b.e.value ? -1 : 1));
  const best = scored[0]!;
  const second = scored[1];
  // A floor (Candidate.floor) raises a winning value proposed only by rules that set one; it makes
  // no suggestion of an abstention, and ranks nothing.
  const floors = best.e.candidates.map((c) => c.floor);
  const floor = floors.length > 0 && floors.every((f) => f !== undefined) ? Math.min(...(floors as number[])) : 0;
  return { value: best.e.value, p: best.p * 100 >= MIN_CONFIDENCE ? Math.max(best.p, floor) : best.p, candidates: best.e.candidates, ...(second ? { runnerUp: { value: second.e.value, p: second.p } } : {}) };
}
