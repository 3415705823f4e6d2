import type { ColumnProfile, Confusions } from './profile';
import { slipOfFrequent } from './slips';
import { PLAIN_NUMBER } from './values';

// The dataset's own typo model. A rare value that differs from a much more frequent value of the
// same column in one or two characters is most likely that value mistyped; counting which
// character replaced which over the whole dataset shows how this data gets corrupted (a scanner
// that reads 'rn' for 'm', a keyboard slip, a sentinel character written over letters). The
// builtin provider makes those substitutions cheap in its edit distance.

const MAX_PAIRS = 40;
const MAX_RARE_PER_COLUMN = 5000;
const MAX_FREQUENT_PER_COLUMN = 400;
/** The frequent value must be this many times more common than the rare one. */
const FREQUENCY_RATIO = 3;

const isDigit = (c: string) => c >= '0' && c <= '9';

export function hammingWithin(a: string, b: string, max: number): number {
  if (a.length !== b.length) return Infinity;
  let d = 0;
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i] && ++d > max) return Infinity;
  }
  return d;
}

/** Allowed substitutions for a value of this length: about one in four characters, at most 3. */
export function substitutionBudget(length: number): number {
  return Math.min(3, Math.max(1, Math.floor(length / 4)));
}

export interface ConfusionResult {
  confusions: Confusions;
  /** Per column: singletons that are likely spoiled values rather than new ones. */
  nearFrequentSingletons: Map<string, number>;
}

/** `allCounts` has every distinct value of each column (not only the profile's capped list). */
export function learnConfusions(columns: readonly ColumnProfile[], allCounts: ReadonlyMap<string, ReadonlyMap<string, number>>): ConfusionResult {
  const pairs = new Map<string, number>();
  const near = new Map<string, number>();
  let total = 0;
  for (const column of columns) {
    const counts = allCounts.get(column.name);
    if (!counts) continue;
    const frequent = column.values.filter(([, n]) => n >= FREQUENCY_RATIO).slice(0, MAX_FREQUENT_PER_COLUMN);
    if (frequent.length === 0) continue;
    const byLength = new Map<number, Array<[string, number]>>();
    for (const f of frequent) {
      const list = byLength.get(f[0].length) ?? [];
      list.push(f);
      byLength.set(f[0].length, list);
    }
    const isSlip = slipOfFrequent(frequent.map(([f]) => f));
    // In a column of words, a lone number is a value from another column, not a new word.
    const ofWords = (column.type === 'text' || column.type === 'categorical') && (column.numeric?.count ?? 0) < column.filled * 0.05;
    let examined = 0;
    let nearSingletons = 0;
    for (const [rare, n] of counts) {
      if (examined >= MAX_RARE_PER_COLUMN) break;
      if (rare.length < 3) continue;
      examined++;
      // A singleton one slip from a frequent value is a spoiled value, and so is a lone number
      // among words (a value from elsewhere): Good–Turing must not count them as new values.
      const spoiled = n === 1 && (isSlip(rare) || (ofWords && PLAIN_NUMBER.test(rare)));
      if (spoiled) nearSingletons++;
      const sameLength = byLength.get(rare.length);
      if (!sameLength) continue;
      const budget = substitutionBudget(rare.length);
      let best: string | undefined;
      let bestDistance = Infinity;
      let ties = 0;
      for (const [f, fn] of sameLength) {
        if (fn < n * FREQUENCY_RATIO) continue;
        const d = hammingWithin(rare, f, budget);
        if (d === 0 || d === Infinity) continue;
        if (d < bestDistance) {
          bestDistance = d;
          best = f;
          ties = 0;
        } else if (d === bestDistance) ties++;
      }
      if (!best || ties > 0) continue;
      if (n === 1 && !spoiled) nearSingletons++;
      for (let i = 0; i < rare.length; i++) {
        // Digit for digit is how different numbers differ, and a case change is a format matter:
        // neither is evidence of how this data gets corrupted.
        if (rare[i] === best[i] || (isDigit(rare[i]!) && isDigit(best[i]!)) || rare[i]!.toLowerCase() === best[i]!.toLowerCase()) continue;
        const key = `${best[i]}\u0000${rare[i]}`;
        pairs.set(key, (pairs.get(key) ?? 0) + n);
        total += n;
      }
    }
    near.set(column.name, nearSingletons);
  }
  const list: Array<[string, string, number]> = [...pairs].map(([key, n]) => {
    const [from, to] = key.split('\u0000') as [string, string];
    return [from, to, n];
  });
  list.sort((a, b) => b[2] - a[2] || (a[0] + a[1] < b[0] + b[1] ? -1 : 1));
  return { confusions: { pairs: list.slice(0, MAX_PAIRS), total }, nearFrequentSingletons: near };
}
