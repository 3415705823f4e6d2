import { fold } from './values';

// Whether a rare value is a slip of a frequent one: one character changed, dropped, added or two
// neighbours swapped, or the same value in other spacing or case. Good–Turing reads the share of
// values (or words) seen once as the share of new ones; in dirty data many of those singletons are
// slips of common values, and counting them as new makes every repair look less likely than it is.

/** Values longer than this are sentences, whose slips the word-level rules weigh. */
const SLIP_LENGTH = 40;
/** Shorter values are codes: one character makes another valid code too often to call it a slip. */
const MIN_LENGTH = 4;

function deletionsOf(value: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < value.length; i++) out.push(value.slice(0, i) + value.slice(i + 1));
  return out;
}

/**
 * A test of "one slip from one of these frequent values". Indexed by each frequent value's
 * one-character deletions (symmetric deletion: a changed, dropped, added or swapped character
 * leaves the two values with a deletion in common), so a test costs one pass over the value.
 */
export function slipOfFrequent(frequent: Iterable<string>): (value: string) => boolean {
  const whole = new Set<string>();
  const byFold = new Set<string>();
  const deletions = new Set<string>();
  for (const f of frequent) {
    whole.add(f);
    byFold.add(fold(f));
    if (f.length >= MIN_LENGTH && f.length <= SLIP_LENGTH + 1) for (const d of deletionsOf(f)) deletions.add(d);
  }
  return (value) => {
    if (whole.has(value)) return false;
    if (byFold.has(fold(value))) return true;
    if (value.length < MIN_LENGTH - 1 || value.length > SLIP_LENGTH + 1) return false;
    // Dropped: the value is a frequent value less one character.
    if (deletions.has(value)) return true;
    // Added, changed or swapped: the value less one character is a frequent value, or is what
    // a frequent value is less one character.
    return deletionsOf(value).some((d) => whole.has(d) || deletions.has(d));
  };
}
