// Candidate repairs from the builtin provider's rules, and how their evidence is combined.
//
// Each rule proposes values with p = the probability that its proposal is right on its own
// evidence. Evidence for the same value from different rule families adds up in log-odds over a
// base rate (naive Bayes: a typo match and a dependency are independent clues); rules of one
// family are correlated, so only the strongest counts fully. Different values then compete with
// each other and with "none of these" (softmax), so two strong but conflicting clues give a
// low confidence rather than a confident coin toss.

export type Family = 'format' | 'typo' | 'token' | 'dependency' | 'spill' | 'missing' | 'outlier' | 'learned';

export interface Candidate {
  value: string;
  /** Probability that this value is right, on this rule's evidence alone. */
  p: number;
  family: Family;
  /** Key for feedback penalties: the rule, or the learned transformation. */
  rule: string;
  /** Plain words for the user. */
  reason: string;
}

export interface Combined {
  value: string;
  confidence: number;
  reasoning: string;
  rule: string;
}

/** How often a proposed value is right before looking at any evidence for it. */
const BASE_RATE = 0.2;
/** Extra weight of a second, third... agreeing rule of the same family. */
const SAME_FAMILY_DISCOUNT = 0.35;

const clamp = (p: number) => Math.min(0.995, Math.max(0.005, p));
const logit = (p: number) => Math.log(clamp(p) / (1 - clamp(p)));

interface Tally {
  value: string;
  logOdds: number;
  reasons: Array<{ p: number; reason: string; rule: string }>;
}

export function combine(candidates: readonly Candidate[], penalties: Readonly<Record<string, number>> = {}): Combined | undefined {
  const byValue = new Map<string, Map<Family, Candidate[]>>();
  for (const c of candidates) {
    const penalty = Math.min(0.95, Math.max(0, penalties[c.rule] ?? 0));
    const adjusted = { ...c, p: c.p * (1 - penalty) };
    const families = byValue.get(c.value) ?? new Map<Family, Candidate[]>();
    const list = families.get(c.family) ?? [];
    list.push(adjusted);
    families.set(c.family, list);
    byValue.set(c.value, families);
  }
  const tallies: Tally[] = [];
  for (const [value, families] of byValue) {
    let logOdds = logit(BASE_RATE);
    const reasons: Tally['reasons'] = [];
    for (const list of families.values()) {
      list.sort((a, b) => b.p - a.p);
      list.forEach((c, i) => {
        const weight = i === 0 ? 1 : SAME_FAMILY_DISCOUNT / i;
        logOdds += weight * Math.max(0, logit(c.p) - logit(BASE_RATE));
        if (i === 0) reasons.push({ p: c.p, reason: c.reason, rule: c.rule });
      });
    }
    reasons.sort((a, b) => b.p - a.p);
    tallies.push({ value, logOdds, reasons });
  }
  if (tallies.length === 0) return undefined;
  const total = 1 + tallies.reduce((s, t) => s + Math.exp(t.logOdds), 0);
  tallies.sort((a, b) => b.logOdds - a.logOdds || (a.value < b.value ? -1 : 1));
  const best = tallies[0]!;
  const confidence = Math.exp(best.logOdds) / total;
  const runnerUp = tallies[1];
  const reasoning = best.reasons
    .slice(0, 3)
    .map((r) => r.reason)
    .join(' ');
  const rivalry = runnerUp && Math.exp(runnerUp.logOdds) / total >= 0.15 ? ` Another candidate, "${runnerUp.value}", is also possible.` : '';
  return { value: best.value, confidence: Math.round(confidence * 100), reasoning: reasoning + rivalry, rule: best.reasons[0]!.rule };
}
