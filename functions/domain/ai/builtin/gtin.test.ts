import { ruleInput } from '../../../test-support/rule-input';
import { buildProfile } from '../../profile/build-profile';
import type { SourceRecord } from '../provider';
import { candidatesFor } from './builtin-provider';
import { validGtin } from '../../profile/gtin';
import { gtinCandidates } from './gtin';
import { indexProfile } from './profile-index';

/** An invented 12-digit stem with its check digit: an EAN-13. */
function ean(stem: string): string {
  for (let d = 0; d <= 9; d++) if (validGtin(stem + d)) return stem + d;
  throw new Error('no check digit');
}

// Invented data: a chandlery's stock list, one barcode per item.
const rows: SourceRecord[] = Array.from({ length: 200 }, (_, i) => ({ item: `Cleat ${i}`, barcode: ean(String(730012340000 + i * 37)) }));
const index = indexProfile(buildProfile(rows));
const propose = (current: string) => gtinCandidates(ruleInput(index, 'barcode', current)).map((c) => c.value);

describe('barcodes', () => {
  it('checks a GTIN by its check digit', () => {
    expect(validGtin('4006381333931')).toBe(true);
    expect(validGtin('4006381333932')).toBe(false);
    expect(validGtin('036000291452')).toBe(true);
    expect(validGtin('40063813339')).toBe(false);
  });

  it('reads back a barcode whose check fails where one swap of neighbouring digits passes it, and a UPC as its EAN-13', () => {
    // Over the whole list: every swap a single reading repairs is repaired into the code itself
    // (most swaps leave several readings that pass the check, and get nothing).
    let repaired = 0;
    for (const { barcode } of rows) {
      const code = barcode!;
      for (let i = 0; i + 1 < code.length; i++) {
        const swapped = code.slice(0, i) + code[i + 1] + code[i] + code.slice(i + 2);
        if (validGtin(swapped)) continue;
        const proposals = propose(swapped);
        if (proposals.length > 0) repaired++;
        expect(proposals.every((value) => value === code)).toBe(true);
      }
    }
    expect(repaired).toBeGreaterThan(0);
    const code = rows[4]!.barcode!;
    expect(propose('036000291452')).toEqual(['0036000291452']);
    // A valid code, or a mistyped digit no single swap explains, gets nothing.
    expect(propose(code)).toEqual([]);
    expect(propose(code.slice(0, 12) + String((Number(code[12]) + 5) % 10))).toEqual([]);
  });

  it('reads no unit slip in a barcode: a code one digit short is no tenth of another', () => {
    const short = rows[4]!.barcode!.slice(0, 12);
    const proposals = candidatesFor({ issue: { issue_column: 'barcode', current_value: short, row: { ...rows[4]!, barcode: short } }, profile: buildProfile(rows) });
    expect(proposals.filter((c) => c.family === 'outlier')).toEqual([]);
  });
});
