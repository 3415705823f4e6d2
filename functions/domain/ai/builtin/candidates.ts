// Candidate repairs from the builtin provider's rules. Each rule proposes values with p = the
// probability that its proposal is right on its own evidence; features.ts turns the proposals for
// one value into evidence, and scorer.ts weighs that evidence into a calibrated confidence.

export type Family = 'format' | 'typo' | 'token' | 'dependency' | 'spill' | 'missing' | 'outlier' | 'decimals' | 'context' | 'learned' | 'swap' | 'domain' | 'sequence' | 'run';

export interface Candidate {
  value: string;
  /** Probability that this value is right, on this rule's evidence alone. */
  p: number;
  family: Family;
  /** Key for feedback penalties: the rule, or the learned transformation. */
  rule: string;
  /** Plain words for the user. */
  reason: string;
  /** How many rows or fixes back the proposal, where the rule counts them. */
  support?: number;
  /**
   * The rule's probability is stated as it is where the rule alone proposes the value: it measured
   * evidence the model's features do not see (a column's habit).
   */
  stated?: boolean;
  /**
   * Where the rule alone proposes the value and it wins, the confidence stated is at least this: the
   * rule measured evidence the model's features do not see, which the model under-states; unlike
   * `stated`, it changes no ranking.
   */
  floor?: number;
}

/** Feedback: a rule people dismissed or voted down proposes with less weight. */
export function penalise(candidates: readonly Candidate[], penalties: Readonly<Record<string, number>>): Candidate[] {
  return candidates.map((c) => {
    const penalty = Math.min(0.95, Math.max(0, penalties[c.rule] ?? 0));
    return penalty > 0 ? { ...c, p: c.p * (1 - penalty) } : c;
  });
}
