import { describe, expect, it } from 'vitest';
import { headerUnit, inUnit, readDuration, readQuantity } from './quantity';

// Invented quantities: crossing times of ferries, masses of crates, lengths of piers.

describe('quantities written with units', () => {
  it('reads one unit or several of one dimension, the larger first', () => {
    expect(readQuantity('3.2 kg')).toEqual({ dimension: 'mass', amount: 3_200_000, units: ['kg'] });
    expect(readQuantity('2 hr 5 min')).toEqual({ dimension: 'time', amount: 7500, units: ['hr', 'min'] });
    expect(readQuantity('5 ft 11 in')?.amount).toBeCloseTo(1803.4);
    expect(readQuantity('45min')).toMatchObject({ dimension: 'time', amount: 2700 });
    expect(readQuantity('1h45m')).toMatchObject({ dimension: 'time', amount: 6300 });
    expect(readQuantity('2 weeks 3 days')).toMatchObject({ dimension: 'time', amount: 17 * 86_400 });
    expect(readQuantity('12 m')).toMatchObject({ dimension: 'length', amount: 12_000 });
    expect(readQuantity('2 Hrs. 5 mins')).toMatchObject({ amount: 7500 });
  });

  it('reads no quantity where the units mix dimensions, repeat, come smaller first, or are missing', () => {
    expect(readQuantity('2 kg 5 min')).toBeUndefined();
    // "m" is a metre, unless it follows hours.
    expect(readQuantity('12 m 5 min')).toBeUndefined();
    expect(readQuantity('5 min 2 hr')).toBeUndefined();
    expect(readQuantity('5 min 5 min')).toBeUndefined();
    expect(readQuantity('45')).toBeUndefined();
    expect(readQuantity('2 crates')).toBeUndefined();
    expect(readQuantity('pier 4 m')).toBeUndefined();
  });

  it('reads a duration written as on a stopwatch by the unit of its column', () => {
    const minutes = { dimension: 'time', size: 60 } as const;
    const seconds = { dimension: 'time', size: 1 } as const;
    expect(readDuration('2:05', minutes)).toMatchObject({ amount: 125 * 60, units: ['h', 'min'] });
    expect(readDuration('2:05', seconds)).toMatchObject({ amount: 125, units: ['min', 's'] });
    expect(readDuration('1:02:30', seconds)).toMatchObject({ amount: 3750 });
    // Not a duration: minutes past 59, no colon, or a column of another dimension.
    for (const text of ['2:75', '205', '2:5', 'ab:cd']) expect(readDuration(text, minutes)).toBeUndefined();
    expect(readDuration('2:05', { dimension: 'length', size: 1 })).toBeUndefined();
  });

  it('finds the unit a header names, in brackets or last, and none in a rate or an ambiguous word', () => {
    expect(headerUnit('Crate mass (g)')).toMatchObject({ unit: 'g', dimension: 'mass' });
    expect(headerUnit('Crossing time min')).toMatchObject({ unit: 'min', dimension: 'time', size: 60 });
    expect(headerUnit('pier_length_mm')).toMatchObject({ unit: 'mm', dimension: 'length' });
    expect(headerUnit('Draught [in]')).toMatchObject({ unit: 'in' });
    expect(headerUnit('Speed in')).toBeUndefined();
    expect(headerUnit('Miles per gallon')).toBeUndefined();
    expect(headerUnit('Fuel l/h')).toBeUndefined();
    expect(headerUnit('Skipper')).toBeUndefined();
  });

  it('converts exactly to the column unit, to at most its decimals', () => {
    const minutes = { dimension: 'time' as const, size: 60 };
    expect(inUnit(readQuantity('2 hr 5 min')!, minutes, 0)).toBe('125');
    expect(inUnit(readQuantity('90 sec')!, minutes, 0)).toBeUndefined();
    expect(inUnit(readQuantity('90 sec')!, minutes, 1)).toBe('1.5');
    expect(inUnit(readQuantity('3 kg')!, minutes, 0)).toBeUndefined();
    expect(inUnit(readQuantity('3.92 cm')!, { dimension: 'length', size: 1 }, 1)).toBe('39.2');
  });
});
