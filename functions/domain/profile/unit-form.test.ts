import { describe, expect, it } from 'vitest';
import { userPrompt } from '../ai/llm/prompt';
import { buildProfile } from './build-profile';

// Invented ferries: rope gauges, crossings and sea temperatures written with their units.

const unitOf = (values: string[]) => buildProfile(values.map((v, i) => ({ id: String(i), x: v })), { columns: ['id', 'x'] }).columns.find((c) => c.name === 'x')!.unit;

describe('the unit a column writes after its numbers', () => {
  it('keeps its spelling, spacing and decimals where nearly every number carries it one way', () => {
    const ropes = Array.from({ length: 60 }, (_, i) => `${(30 + i / 10).toFixed(1)} mm`);
    expect(unitOf(ropes)).toEqual({ spelling: 'mm', spaced: true, decimals: 1, decimalsShare: 1 });
    expect(unitOf(Array.from({ length: 60 }, (_, i) => `${40 + i}min`))).toEqual({ spelling: 'min', spaced: false, decimals: 0, decimalsShare: 1 });
    expect(unitOf(Array.from({ length: 60 }, (_, i) => `${(8 + i / 10).toFixed(1)} °C`))?.spelling).toBe('°C');
    // A currency sign before the number, thousands grouped; a percent sign after it.
    expect(unitOf(Array.from({ length: 60 }, (_, i) => `$${(900 + i * 7).toLocaleString('en-US')}.50`))).toEqual({ spelling: '$', spaced: false, before: true, grouped: true, decimals: 2, decimalsShare: 1 });
    expect(unitOf(Array.from({ length: 60 }, (_, i) => `${(10 + i / 10).toFixed(1)} %`))).toEqual({ spelling: '%', spaced: true, decimals: 1, decimalsShare: 1 });
    // A currency after the number, as its sign or its code (the numbers read with a point).
    expect(unitOf(Array.from({ length: 60 }, (_, i) => `${(10 + i / 4).toFixed(2)} €`))).toEqual({ spelling: '€', spaced: true, decimals: 2, decimalsShare: 1 });
    expect(unitOf(Array.from({ length: 60 }, (_, i) => `EUR ${(10 + i / 4).toFixed(2)}`))).toEqual({ spelling: 'EUR', spaced: true, before: true, decimals: 2, decimalsShare: 1 });
    // A few written otherwise do not change the column's way.
    expect(unitOf([...ropes, '39.2', '3.92 cm', '40.1mm'])?.spelling).toBe('mm');
  });

  it('keeps none for plain numbers, units written several ways, descriptions or too few values', () => {
    expect(unitOf(Array.from({ length: 60 }, (_, i) => String(30 + i)))).toBeUndefined();
    expect(unitOf(Array.from({ length: 60 }, (_, i) => (i % 2 ? `${30 + i} mm` : `${30 + i}`)))).toBeUndefined();
    expect(unitOf(Array.from({ length: 60 }, (_, i) => `${(3 + i / 10).toFixed(2)} ${['mm', 'cm', 'in'][i % 3]}`))).toBeUndefined();
    expect(unitOf(Array.from({ length: 60 }, (_, i) => `${1 + i}km NW of Varnholm`))).toBeUndefined();
    expect(unitOf(['31.0 mm', '32.5 mm', '33.1 mm'])).toBeUndefined();
  });

  it('is told to a language model with the column', () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({ ferry: `f${i}`, fare: `$${(10 + i / 4).toFixed(2)}` }));
    const prompt = JSON.parse(userPrompt({ issue: { issue_column: 'fare', current_value: '12.50', row: rows[3]! }, profile: buildProfile(rows) })) as { profile: { unit?: unknown } };
    expect(prompt.profile.unit).toEqual({ spelling: '$', before: true, spaced: false, decimals: 2 });
  });

  it('lets a column of numbers written with a unit be read by what another column says of it', () => {
    // Fares set by the pier: about $12 from Varnholm, $48 from Ostreby, $95 from Kellmark.
    const base = { Varnholm: 12, Ostreby: 48, Kellmark: 95 } as const;
    const piers = Object.keys(base) as Array<keyof typeof base>;
    const rows = Array.from({ length: 240 }, (_, i) => ({ ferry: `f${i}`, pier: piers[i % 3]!, fare: `$${(base[piers[i % 3]!] + (i % 7) / 4).toFixed(2)}` }));
    const relation = buildProfile(rows).numericRelations?.find((r) => r.column === 'fare');
    expect(relation?.by).toBe('pier');
  });
});
