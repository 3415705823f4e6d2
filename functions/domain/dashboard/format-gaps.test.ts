import { describe, expect, it } from 'vitest';
import { formatGaps } from './format-gaps';

const col = (name: string, type: string, typeShare: number, filled = 100) => ({ name, type: type as 'phone', typeShare, filled });

describe('formatGaps', () => {
  it.each<[string, ReturnType<typeof col>[], string[], Array<[string, string, number, number]>]>([
    ['recommends a phone check when some phone values fail', [col('phone', 'phone', 0.86)], [], [['phone', 'phone', 14, 0.14]]],
    ['covers e-mail and date columns', [col('mail', 'email', 0.9, 50), col('born', 'date', 0.99)], [], [['mail', 'email', 5, 0.1], ['born', 'date', 1, 0.01]]],
    ['says nothing when every value fits', [col('phone', 'phone', 1)], [], []],
    ['says nothing for a column a format or pattern check guards', [col('phone', 'phone', 0.8)], ['phone'], []],
    ['says nothing for a column that is not clearly of the type', [col('phone', 'phone', 0.5)], [], []],
    ['says nothing for other types', [col('price', 'decimal', 0.8), col('name', 'text', 0.5)], [], []],
    ['says nothing when the misfits round to no row', [col('phone', 'phone', 0.999, 100)], [], []],
  ])('%s', (_name, columns, guarded, expected) => {
    expect(formatGaps(columns, new Set(guarded)).map((g) => [g.column, g.format, g.failing, g.failingShare])).toEqual(expected);
  });
});
