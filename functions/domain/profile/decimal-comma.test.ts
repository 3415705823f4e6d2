import { describe, expect, it } from 'vitest';
import { userPrompt } from '../ai/llm/prompt';
import { buildProfile } from './build-profile';
import { decimalCommaOf, fromAnyComma, fromComma, toComma, writtenWithPoint } from './decimal-comma';

// Invented values: rainfall at harbours, ferry fares, cargo masses.

const counts = (values: string[]): Array<[string, number]> => values.map((v) => [v, 1]);
const many = (make: (i: number) => string, n = 40) => counts(Array.from({ length: n }, (_, i) => make(i)));

describe('decimal comma columns', () => {
  it('finds a column that writes a decimal comma, and how it groups thousands', () => {
    expect(decimalCommaOf(many((i) => `${i},${i % 10}`))).toEqual({});
    expect(decimalCommaOf(many((i) => `${i},${i % 10} mm`))).toEqual({});
    expect(decimalCommaOf(many((i) => `${10 + i},40 €`))).toEqual({});
    expect(decimalCommaOf(many((i) => `${1 + (i % 9)}.${200 + i},75`))).toEqual({ group: '.' });
    expect(decimalCommaOf(many((i) => `${1 + (i % 9)} ${200 + i},75`))).toEqual({ group: ' ' });
    // A non-breaking space groups as a space does.
    expect(decimalCommaOf(many((i) => `${1 + (i % 9)}\u00a0${200 + i},5`))).toEqual({ group: ' ' });
  });

  it('finds none in a column of decimal points, thousands separators, dates or too few values', () => {
    expect(decimalCommaOf(many((i) => `${i}.${i % 10}`))).toBeUndefined();
    // "1,250" reads as a thousand and more as well as one and a quarter: no vote either way.
    expect(decimalCommaOf(many((i) => `${1 + (i % 9)},${100 + i}`))).toBeUndefined();
    expect(decimalCommaOf(many((i) => `0${1 + (i % 9)}.03.2024`))).toBeUndefined();
    expect(decimalCommaOf(many((i) => `${i},5`, 9))).toBeUndefined();
    // Mostly points, a few commas: the commas are slips of a decimal-point column.
    expect(decimalCommaOf([...many((i) => `${i}.5`), ...many((i) => `${i},5`, 12)])).toBeUndefined();
  });

  it('reads a value written the column\'s way in decimal-point form, and writes one back', () => {
    const cases: Array<[string, object, string]> = [
      ['14,5', {}, '14.5'],
      ['-0,25', {}, '-0.25'],
      ['6,3 mm', {}, '6.3 mm'],
      ['27,40 €', {}, '27.40 €'],
      ['€27,40', {}, '€27.40'],
      ['1.250,75', { group: '.' }, '1250.75'],
      ['1.250', { group: '.' }, '1250'],
      ['12 500,5', { group: ' ' }, '12500.5'],
    ];
    for (const [written, form, point] of cases) {
      expect(fromComma(written, form)).toBe(point);
      expect(toComma(point, form)).toBe(written);
    }
    // Not written that way: a decimal point, a plain whole number, another grouping, a date.
    for (const [value, form] of [['14.5', {}], ['412', {}], ['1.250,75', {}], ['03.04.2024', { group: '.' }], ['7:10', {}]] as const) expect(fromComma(value, form)).toBeUndefined();
    // Written back: only a decimal-point number changes.
    for (const value of ['2024-03-04', 'Varnholm', '12', '3l8.25']) expect(toComma(value, {})).toBe(value);
  });

  it('reads any decimal-comma number, and tells a number written with a point', () => {
    expect(fromAnyComma('1.250,75')).toBe('1250.75');
    expect(fromAnyComma('14,5')).toBe('14.5');
    expect(fromAnyComma('1,250')).toBe('1.250');
    expect(fromAnyComma('14.5')).toBeUndefined();
    expect(writtenWithPoint('14.5')).toBe(true);
    expect(writtenWithPoint('14.5 mm')).toBe(true);
    expect(writtenWithPoint('14,5')).toBe(false);
    expect(writtenWithPoint('2024.03.04')).toBe(false);
  });

  it('is told to a language model as the column writes it, and its relations read the row that way', () => {
    // Fares set by the pier, with a decimal comma and the euro after them.
    const fare = { Varnholm: '12,50 €', Ostreby: '48,20 €', Kellmark: '95,00 €' } as const;
    const piers = Object.keys(fare) as Array<keyof typeof fare>;
    const rows = Array.from({ length: 90 }, (_, i) => ({ ferry: `f${i}`, pier: piers[i % 3]!, fare: fare[piers[i % 3]!], length: `${(20 + (i % 9) / 4).toFixed(2).replace('.', ',')}` }));
    const profile = buildProfile(rows);
    const prompt = JSON.parse(userPrompt({ issue: { issue_column: 'fare', current_value: '48.20', row: { ...rows[1]!, fare: '48.20' } }, profile })) as {
      profile: { frequentValues: Array<[string, number]>; decimalComma?: unknown };
      impliedByOtherColumns?: Array<{ from: string; value: string }>;
    };
    expect(prompt.profile.decimalComma).toEqual({ groupsThousandsWith: null });
    expect(prompt.profile.frequentValues.map(([v]) => v)).toContain('48,20 €');
    expect(prompt.impliedByOtherColumns).toContainEqual(expect.objectContaining({ from: 'pier', value: '48,20 €' }));
  });
});
