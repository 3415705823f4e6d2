import { describe, expect, it } from 'vitest';
import { differInNumeralForm, numeralValue, romanValue, toRoman } from './numerals';

describe('numerals', () => {
  it('reads and writes roman numerals in their standard form', () => {
    expect([1, 4, 9, 14, 40, 90, 400, 1994, 3999].map(toRoman)).toEqual(['I', 'IV', 'IX', 'XIV', 'XL', 'XC', 'CD', 'MCMXCIV', 'MMMCMXCIX']);
    for (let n = 1; n < 4000; n += 7) expect(romanValue(toRoman(n)!)).toBe(n);
    expect(toRoman(0)).toBeUndefined();
    expect(toRoman(2.5)).toBeUndefined();
    // Not numerals in their standard form: four of a letter, a smaller letter before a much larger one, lower case.
    expect(['IIII', 'IC', 'VX', 'ii', '', 'MV'].map(romanValue)).toEqual([undefined, undefined, undefined, undefined, undefined, 1005]);
  });

  it('reads a numeral written either way, never a code with a leading zero', () => {
    expect(['2', 'II', '14', 'XIV', '07', '0', 'Storm'].map(numeralValue)).toEqual([2, 2, 14, 14, undefined, undefined, undefined]);
  });

  it('tells values that differ only in how one numeral is written', () => {
    expect(differInNumeralForm('MV Storm 2', 'MV Storm I')).toBe(true);
    expect(differInNumeralForm('MV Storm II', 'MV Storm 2')).toBe(true);
    // Two differences, another word, or a numeral written the same way: not that.
    expect(differInNumeralForm('MV Storm 2', 'MV Tern I')).toBe(false);
    expect(differInNumeralForm('MV Storm II', 'MV Storm III')).toBe(false);
    expect(differInNumeralForm('MV Storm 2', 'MV Storm')).toBe(false);
  });
});
