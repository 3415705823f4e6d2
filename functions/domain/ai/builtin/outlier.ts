import { decimalsFit, paddedDecimals, spreadOf } from '../../profile/profile';
import { canonicalNumber, exactNumber, padDecimals, PLAIN_NUMBER } from '../../profile/values';
import type { Candidate } from './candidates';
import { quote, type RuleInput } from './rule-input';

// A number far outside the column's usual range, where a unit slip (x10, x1000) or a digit error
// (swapped or doubled digit) would bring it back into range. Weak on its own evidence: several
// corrections usually fit, and a true extreme value is possible.

const FAR = 8;

function digitVariants(text: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i + 1 < text.length; i++) {
    if (/\d/.test(text[i]!) && /\d/.test(text[i + 1]!) && text[i] !== text[i + 1]) out.add(text.slice(0, i) + text[i + 1] + text[i] + text.slice(i + 2));
    if (/\d/.test(text[i]!) && text[i] === text[i + 1]) out.add(text.slice(0, i) + text.slice(i + 1));
  }
  return [...out];
}

export function outlierCandidates(input: RuleInput): Candidate[] {
  const { col, current } = input;
  const stats = col?.profile.numeric;
  if (!col || !stats || stats.plainShare < 0.8 || !PLAIN_NUMBER.test(current.trim())) return [];
  const value = Number(current);
  const spread = Math.max(spreadOf(stats) * 1.4826, Math.abs(stats.median) * 0.01, 1e-9);
  const within = (x: number) => Math.abs(x - stats.median) <= FAR * spread / 2;
  if (Math.abs(value - stats.median) <= FAR * spread) return [];
  // A repair must look like the column: where its numbers all show d decimals, one with more
  // (a division that shifts digits past the column's precision) is not how it writes numbers; one
  // with fewer is written with the column's decimals.
  // Readings are made on the digits as written (the point moved, digits swapped), never through
  // a float: a long fraction keeps every digit it has.
  const options = new Map<string, string>();
  const decimals = paddedDecimals(stats);
  const offer = (reading: string, how: string) => {
    const text = padDecimals(reading, decimals);
    if (within(Number(reading)) && decimalsFit(stats, text)) options.set(text, how);
  };
  for (const k of [1, 2, 3]) {
    offer(exactNumber(current.trim(), -k), `divided by ${10 ** k} (a unit slip)`);
    offer(exactNumber(current.trim(), k), `multiplied by ${10 ** k} (a unit slip)`);
  }
  for (const variant of digitVariants(current.trim())) offer(exactNumber(variant), 'with a digit error undone');
  if (options.size === 0) return [];
  return [...options].map(([text, how]) => ({
    value: text,
    p: 0.5 / options.size,
    family: 'outlier' as const,
    rule: 'outlier',
    reason: `${quote(current)} is far outside the column's usual range (median ${canonicalNumber(stats.median)}); ${how} it fits.`,
  }));
}
