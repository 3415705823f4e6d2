import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../demo/random';
import { rowCycle } from './sequence';

// Invented watch logs: each day's three watches in turn (dawn, noon, dusk), and variants of it.

const WATCHES = ['dawn', 'noon', 'dusk'];
// As the profile builder reads a column: no value for a blank.
const cycleOf = (values: readonly string[]) => rowCycle({ distinct: new Set(values).size, filled: values.length }, values.length, (row) => values[row] || undefined);
/** The order read from dawn (it starts at the commonest value). */
const fromDawn = (order: readonly string[] | undefined) => order && [...order.slice(order.indexOf('dawn')), ...order.slice(0, order.indexOf('dawn'))];

describe('a column whose values repeat in a fixed order', () => {
  it('finds the order and how often a row between two neighbours holds the value between them', () => {
    const log = Array.from({ length: 90 }, (_, i) => WATCHES[i % 3]!);
    log[40] = 'dusk'; // one watch written in the wrong row
    const cycle = cycleOf(log);
    expect(fromDawn(cycle?.order)).toEqual(['dawn', 'noon', 'dusk']);
    expect(cycle!.share).toBeGreaterThan(0.95);
    expect(cycle!.share).toBeLessThan(1);
  });

  it('reads blanks and misspelt values as errors of their own, not as breaks in the order', () => {
    const draw = mulberry32(3);
    const log = Array.from({ length: 300 }, (_, i) => WATCHES[i % 3]!);
    for (let i = 0; i < log.length; i++) if (draw() < 0.2) log[i] = draw() < 0.5 ? '' : `${log[i]}x${i}`;
    const cycle = cycleOf(log);
    expect(fromDawn(cycle?.order)).toEqual(['dawn', 'noon', 'dusk']);
    expect(cycle!.share).toBeGreaterThan(0.95);
  });

  it('keeps none where each value mostly follows itself (the rows come grouped by it: a run)', () => {
    const grouped = WATCHES.flatMap((w) => Array.from({ length: 30 }, () => w));
    expect(cycleOf(grouped)).toBeUndefined();
  });

  it('keeps none where the column holds, again and again, a value the order leaves out', () => {
    // Most days log three watches; some also log a midnight watch after dusk: one day in twelve
    // (a stray the order may leave out), or two days in five (the order is not the column's).
    const withMidnight = (days: readonly number[]) => Array.from({ length: 120 }, (_, day) => (days.includes(day % 12) ? [...WATCHES, 'midnight'] : WATCHES)).flat();
    expect(fromDawn(cycleOf(withMidnight([0]))?.order)).toEqual(['dawn', 'noon', 'dusk']);
    expect(cycleOf(withMidnight([0, 1, 5, 6, 10]))).toBeUndefined();
  });

  it('keeps none where values follow each other in no order', () => {
    const draw = mulberry32(11);
    expect(cycleOf(Array.from({ length: 300 }, () => WATCHES[Math.floor(draw() * 3)]!))).toBeUndefined();
  });
});
