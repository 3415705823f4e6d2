import { ruleInput } from '../../../test-support/rule-input';
import { buildProfile } from '../../profile/build-profile';
import type { SourceRecord } from '../provider';
import { currencyCandidates } from './currencies';
import { indexProfile } from './profile-index';

// Invented data: a chandlery's invoices, the currency of each kept apart.
function invoices(currency: (i: number) => string): SourceRecord[] {
  return Array.from({ length: 200 }, (_, i) => ({ invoice: `INV-${1000 + i}`, amount: String(20 + ((i * 37) % 400)), currency: currency(i) }));
}

const propose = (rows: SourceRecord[], current: string) => {
  const index = indexProfile(buildProfile(rows));
  return currencyCandidates(ruleInput(index, 'currency', current)).map((c) => c.value);
};

describe('currencies', () => {
  it("writes a currency's sign or name, in any export language, as the column's code", () => {
    const rows = invoices((i) => ['EUR', 'NOK', 'SEK', 'USD'][i % 4]!);
    expect(propose(rows, '€')).toEqual(['EUR']);
    expect(propose(rows, 'Euro')).toEqual(['EUR']);
    expect(propose(rows, 'Norwegian Krone')).toEqual(['NOK']);
    expect(propose(rows, 'Schwedische Krone')).toEqual(['SEK']);
    expect(propose(rows, 'sek')).toEqual(['SEK']);
    // "$" is the column's only dollar; "kr" is two of its currencies, and so none.
    expect(propose(rows, '$')).toEqual(['USD']);
    expect(propose(rows, 'kr')).toEqual([]);
    // A word that names no currency.
    expect(propose(rows, 'Krona Bay')).toEqual([]);
  });

  it('writes a code as the column names its currencies, and leaves a column of other codes alone', () => {
    const named = invoices((i) => ['Euro', 'Norwegian Krone', 'British Pound'][i % 3]!);
    expect(propose(named, 'GBP')).toEqual(['British Pound']);
    expect(propose(named, '£')).toEqual(['British Pound']);
    // Three-letter harbour codes, a few of which happen to be currency codes, are no currencies.
    const harbours = invoices((i) => ['VRN', 'OST', 'KEL', 'ALL', 'DUN'][i % 5]!);
    expect(propose(harbours, '€')).toEqual([]);
  });
});
