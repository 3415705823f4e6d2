import { editDistance } from './typo';

/** The textbook dynamic programme. */
function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row.push(Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    previous = row;
  }
  return previous[b.length]!;
}

describe('typo', () => {
  it('computes plain edit distance bit-parallel, as the textbook recurrence does', () => {
    const words = ['kitten', 'sitting', 'varnholm', 'varnhxlm', '40.736068', '40.7360b8', '', 'a', 'abcdefghijklmnopqrstuvwxyz01234', 'xbcdefghijklmnopqrstuvwxyz0123', 'flaw', 'lawn'];
    for (const a of words) for (const b of words) expect(editDistance(a, b)).toBe(levenshtein(a, b));
  });
});
