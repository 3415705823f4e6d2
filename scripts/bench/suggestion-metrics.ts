// Scoring of suggestions against ground truth, the way the data-cleaning literature reports
// correction quality: precision (right / suggested), recall (right / failed cells), F1, accuracy
// per confidence band and the expected calibration error (ECE) of the stated confidence.

export interface Scored {
  /** The value the provider suggested, or undefined when it abstained. */
  suggested?: string;
  /** Stated confidence, 0–100 (only for suggestions). */
  confidence?: number;
  /** The right value. */
  truth: string;
}

/** Confidence bands reported (inclusive bounds, percent); suggestions start at 50. */
export const BANDS: ReadonlyArray<readonly [number, number]> = [
  [50, 59],
  [60, 69],
  [70, 79],
  [80, 89],
  [90, 100],
];

export interface Band {
  band: string;
  suggestions: number;
  correct: number;
  /** Observed accuracy; null when the band is empty (an empty band passes nothing). */
  accuracy: number | null;
  /** Mean stated confidence of the band (0–1); null when empty. */
  meanConfidence: number | null;
  empty: boolean;
}

export interface Score {
  failed: number;
  suggestions: number;
  correct: number;
  precision: number;
  recall: number;
  f1: number;
  bands: Band[];
  /** Expected calibration error over the bands (0–1); null when nothing was suggested. */
  ece: number | null;
  /** The same figures unrounded: targets are judged on these (0.6997 is not 0.70). */
  exact: { f1: number; ece: number | null; highBandAccuracy: number | null };
}

export const round3 = (x: number) => Math.round(x * 1000) / 1000;

export function bandOf(confidence: number): number {
  return BANDS.findIndex(([lo, hi]) => confidence >= lo && confidence <= hi);
}

export function scoreOutcomes(outcomes: readonly Scored[]): Score {
  const made = outcomes.filter((o) => o.suggested !== undefined);
  const correct = made.filter((o) => o.suggested === o.truth).length;
  const precision = made.length ? correct / made.length : 0;
  const recall = outcomes.length ? correct / outcomes.length : 0;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  const sums = BANDS.map(() => ({ n: 0, right: 0, confidence: 0 }));
  for (const o of made) {
    const b = bandOf(o.confidence ?? 0);
    if (b < 0) continue;
    const s = sums[b]!;
    s.n++;
    s.confidence += (o.confidence ?? 0) / 100;
    if (o.suggested === o.truth) s.right++;
  }
  const bands: Band[] = BANDS.map(([lo, hi], i) => {
    const s = sums[i]!;
    return {
      band: `${lo}-${hi}`,
      suggestions: s.n,
      correct: s.right,
      accuracy: s.n ? round3(s.right / s.n) : null,
      meanConfidence: s.n ? round3(s.confidence / s.n) : null,
      empty: s.n === 0,
    };
  });
  const inBands = sums.reduce((t, s) => t + s.n, 0);
  const ece = inBands ? sums.reduce((t, s) => t + (s.n ? (s.n / inBands) * Math.abs(s.right / s.n - s.confidence / s.n) : 0), 0) : null;
  const top = sums[sums.length - 1]!;
  return {
    failed: outcomes.length,
    suggestions: made.length,
    correct,
    precision: round3(precision),
    recall: round3(recall),
    f1: round3(f1),
    bands,
    ece: ece === null ? null : round3(ece),
    exact: { f1, ece, highBandAccuracy: top.n ? top.right / top.n : null },
  };
}

/** Accuracy of the suggestions stated at 90 % or more; null (not a pass) when there are none. */
export function highBandAccuracy(score: Score): number | null {
  return score.bands[score.bands.length - 1]!.accuracy;
}

export interface Targets {
  f1: number;
  highBandAccuracy: number;
  ece: number;
}

/**
 * Whether a score meets the targets, judged on the unrounded figures; an empty high band fails, and
 * so does a score with no failed cell to judge.
 */
export function meetsTargets(score: Score, targets: Targets): boolean {
  const { f1, ece, highBandAccuracy: high } = score.exact;
  return score.failed > 0 && f1 >= targets.f1 && high !== null && high >= targets.highBandAccuracy && ece !== null && ece <= targets.ece;
}

/**
 * After fixes the fixed rows' cells are left out, so the two settings are scored on different
 * cells. What the fixes taught: F1 after fixes minus zero-shot F1 on those same cells; none where
 * no cell is left (every row with errors fixed).
 */
export function gainOver(zeroShotSameCells: readonly Scored[], fixed: readonly Scored[]): { zeroShotF1SameCells: number | null; fixGainF1: number | null } {
  if (fixed.length === 0) return { zeroShotF1SameCells: null, fixGainF1: null };
  const before = scoreOutcomes(zeroShotSameCells).exact.f1;
  const gain = scoreOutcomes(fixed).exact.f1 - before;
  return { zeroShotF1SameCells: round3(before), fixGainF1: Math.round(gain * 10_000) / 10_000 };
}
