import { validGtin } from '../../profile/gtin';
import type { Candidate } from './candidates';
import { quote, type RuleInput } from './rule-input';

// Barcodes carry a check digit (profile/gtin.ts). In a column of them, a code
// that fails its check is read back where one reading passes: a UPC-A's twelve digits are the
// EAN-13 with a leading zero; two neighbouring digits typed in the wrong order are put back where
// only one such swap passes.

/** A UPC-A written for an EAN-13: the same code. */
const UPC_P = 0.9;
/** The one swap of neighbouring digits that passes the check: likely, though another slip may pass as well. */
const SWAP_P = 0.7;

export function gtinCandidates(input: RuleInput): Candidate[] {
  const { col, current } = input;
  // The profile says the column holds barcodes of one length (nearly all its values, checked).
  const width = col?.profile.gtin;
  const digits = current.trim();
  if (!col || width === undefined || !/^\d+$/.test(digits) || validGtin(digits) === (digits.length === width)) return [];
  if (digits.length === width - 1 && width === 13 && validGtin(digits)) {
    const value = `0${digits}`;
    return [{ value, p: UPC_P, family: 'format', rule: 'format-gtin', reason: `${quote(current)} is a valid 12-digit UPC; the column writes its barcodes with 13 digits: ${quote(value)}.` }];
  }
  if (digits.length !== width) return [];
  const swaps = new Set<string>();
  for (let i = 0; i + 1 < digits.length; i++) {
    if (digits[i] === digits[i + 1]) continue;
    const swapped = digits.slice(0, i) + digits[i + 1] + digits[i] + digits.slice(i + 2);
    if (validGtin(swapped)) swaps.add(swapped);
  }
  if (swaps.size !== 1) return [];
  const [value] = [...swaps] as [string];
  return [{ value, p: SWAP_P, family: 'typo', rule: 'typo-gtin', reason: `${quote(current)} fails its barcode check digit; with two neighbouring digits put back in order, ${quote(value)} passes it.` }];
}
