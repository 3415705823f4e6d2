import { describe, expect, it } from 'vitest';
import { learnedMappings, type FixRecord } from './learned-fixes';

const fix = (column: string, from: string | null, to: string | null, method: string | null = 'manual_edit'): FixRecord => ({ column, from, to, method });

describe('learnedMappings', () => {
  it.each<[string, FixRecord[], Array<[string, string, string, number]>]>([
    ['needs two agreeing fixes', [fix('c', 'a', 'b')], []],
    ['keeps a value fixed the same way twice', [fix('c', 'a', 'b'), fix('c', 'a', 'b')], [['c', 'a', 'b', 2]]],
    ['counts accepted suggestions as fixes', [fix('c', 'a', 'b', 'accept_suggestion'), fix('c', 'a', 'b')], [['c', 'a', 'b', 2]]],
    ['ignores resolutions that chose no value', [fix('c', 'a', 'b', 'manual_fix'), fix('c', 'a', 'b', 'resolved_by_scan')], []],
    ['drops a value whose fixes disagree', [fix('c', 'a', 'b'), fix('c', 'a', 'b'), fix('c', 'a', 'x')], []],
    ['keeps columns apart', [fix('c', 'a', 'b'), fix('d', 'a', 'b')], []],
    ['leaves out missing values', [fix('c', null, 'b'), fix('c', null, 'b'), fix('c', ' ', 'b'), fix('c', ' ', 'b')], []],
    ['leaves out rows resolved unchanged', [fix('c', 'a', 'a'), fix('c', 'a', 'a')], []],
    [
      'orders by the number of fixes',
      [fix('c', 'a', 'b'), fix('c', 'a', 'b'), fix('d', 'x', 'y'), fix('d', 'x', 'y'), fix('d', 'x', 'y')],
      [
        ['d', 'x', 'y', 3],
        ['c', 'a', 'b', 2],
      ],
    ],
  ])('%s', (_name, records, expected) => {
    expect(learnedMappings(records).map((m) => [m.column, m.from, m.to, m.fixes])).toEqual(expected);
  });

  it('returns at most the given number of mappings', () => {
    const records = Array.from({ length: 30 }, (_, i) => [fix('c', `v${i}`, 'w'), fix('c', `v${i}`, 'w')]).flat();
    expect(learnedMappings(records, 10)).toHaveLength(10);
  });
});
