import { describe, expect, it } from 'vitest';
import type { SourceRecord } from '../provider';
import { buildProfile } from '../../profile/build-profile';
import { candidatesFor, suggestBuiltin } from './builtin-provider';
import { nameKey } from '../../profile/values';
import { regionOf } from './regions';

// Invented shipments between invented depots: where they go, written as names, as codes and as
// German names, with no relation between the columns.
const NAMES = ['Norway', 'Sweden', 'Denmark', 'Finland', 'Estonia', 'Germany', 'Côte d’Ivoire'];
const CODES = ['NO', 'SE', 'DK', 'FI', 'EE', 'DE', 'CI'];
const GERMAN = ['Norwegen', 'Schweden', 'Dänemark', 'Finnland', 'Estland'];

function shipments(n = 210): SourceRecord[] {
  // A fixed pseudo-random draw: no column may say what another holds.
  let seed = 4242;
  const pick = <T,>(values: readonly T[]) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return values[Math.floor((seed / 2147483648) * values.length)]!;
  };
  return Array.from({ length: n }, (_, i) => ({ id: `S${1000 + i}`, dest: pick(NAMES), origin: pick(CODES), land: pick(GERMAN) }));
}

function ask(column: string, value: string, rows = shipments()) {
  const row = { ...rows[4]!, [column]: value };
  return suggestBuiltin({ issue: { issue_column: column, current_value: value, row }, profile: buildProfile(rows) });
}

describe('countries written as the column writes them', () => {
  it('reads names and two-letter codes, accents and apostrophes aside', () => {
    expect(regionOf('Norway')).toBe('NO');
    expect(regionOf('Schweden')).toBe('SE');
    expect(regionOf("Cote d'Ivoire")).toBe('CI');
    expect(nameKey('Côte d’Ivoire')).toBe(nameKey("cote d'ivoire"));
    // A code in small letters is a code only where the column writes codes: among names "no" is a word.
    expect(regionOf('no')).toBeUndefined();
    expect(regionOf('no', true)).toBe('NO');
    expect(regionOf('Atlantis')).toBeUndefined();
  });

  it('writes a name as its code in a column of codes, and a code as its name in a column of names', () => {
    expect(ask('origin', 'Sweden')).toMatchObject({ kind: 'suggestion', suggestedValue: 'SE' });
    expect(ask('origin', 'se')).toMatchObject({ kind: 'suggestion', suggestedValue: 'SE' });
    expect(ask('dest', 'DK')).toMatchObject({ kind: 'suggestion', suggestedValue: 'Denmark' });
    // The column's own spelling of the name, whatever the value's accents.
    expect(ask('dest', 'CI')).toMatchObject({ kind: 'suggestion', suggestedValue: 'Côte d’Ivoire' });
  });

  it('writes a name in the language of the column', () => {
    expect(ask('land', 'Denmark')).toMatchObject({ kind: 'suggestion', suggestedValue: 'Dänemark' });
    expect(ask('dest', 'Finnland')).toMatchObject({ kind: 'suggestion', suggestedValue: 'Finland' });
  });

  it('proposes only countries the column holds, and reads no column of few countries or of other codes', () => {
    expect(candidatesFor({ issue: { issue_column: 'origin', current_value: 'France', row: { id: 'x', origin: 'France' } }, profile: buildProfile(shipments()) }).map((c) => c.rule)).not.toContain('origin:format-region');
    // One country only: "Norway" in a column of "NO" says nothing about how the column writes countries.
    const one = shipments().map((r) => ({ ...r, origin: 'NO' }));
    expect(candidatesFor({ issue: { issue_column: 'origin', current_value: 'Norway', row: { id: 'x', origin: 'Norway' } }, profile: buildProfile(one) }).map((c) => c.rule)).not.toContain('origin:format-region');
    // Codes of another kind (invented depot codes), a few of which happen to be country codes.
    const depots = shipments().map((r, i) => ({ ...r, origin: ['QX', 'KV', 'NO', 'ZT', 'WB', 'DE'][i % 6]! }));
    expect(candidatesFor({ issue: { issue_column: 'origin', current_value: 'Norway', row: { id: 'x', origin: 'Norway' } }, profile: buildProfile(depots) }).map((c) => c.rule)).not.toContain('origin:format-region');
  });

  it('yields to the row where its other columns name another country', () => {
    // Forty invented depot towns, five rows each, each town in one country; a row of a Swedish town
    // whose country reads "FI".
    const countries = ['Norway', 'Sweden', 'Denmark', 'Finland', 'Estonia'];
    const rows = Array.from({ length: 200 }, (_, i) => ({ id: `S${i}`, town: `Depot ${i % 40}`, country: countries[(i % 40) % 5]! }));
    const row = { ...rows[1]!, country: 'FI' };
    const result = suggestBuiltin({ issue: { issue_column: 'country', current_value: 'FI', row }, profile: buildProfile(rows.map((r, i) => (i === 1 ? row : r))) });
    expect(result).toMatchObject({ kind: 'suggestion', suggestedValue: 'Sweden' });
  });
});

describe('a place written with its country', () => {
  it('is the place the column holds, where the column writes no commas', () => {
    // Invented depots, each in several rows; and invented owners written "Last, First".
    const rows: SourceRecord[] = Array.from({ length: 200 }, (_, i) => ({ depot: ['Varnholm', 'Ostreby', 'Kellmark', 'Dunsgate'][i % 4]!, owner: ['Kell, Ada', 'Holm, Dag', 'Vik, Ines'][i % 3]! }));
    const place = (column: string, value: string) =>
      candidatesFor({ issue: { issue_column: column, current_value: value, row: { ...rows[4]!, [column]: value } }, profile: buildProfile(rows) }).filter((c) => c.rule.endsWith('format-place')).map((c) => c.value);
    expect(place('depot', 'Varnholm, Norway')).toEqual(['Varnholm']);
    expect(place('depot', 'Ostreby, SE')).toEqual(['Ostreby']);
    // Not a place the column does not hold, nor in a column that writes commas.
    expect(place('depot', 'Harbourmaster, Norway')).toEqual([]);
    expect(place('owner', 'Kell, Norway')).toEqual([]);
  });
});
