import { describe, expect, it } from 'vitest';
import type { CounterCell } from '../../domain/issues/counters';
import { applyDeltas, packCells, unpackCounterItem } from './counter-codec';

const scanTime = '2026-03-01T06:00:00.000Z';
const cell = (status: CounterCell['status'], owner: string, count: number): CounterCell => ({ scanTime, status, issueType: 'duplicate', owner, count });

describe('the counter item codec', () => {
  it('packs a scan’s cells into one attribute and reads them back, zeros left out', () => {
    const cells = [cell('open', 'a#b@x.example', 3), cell('muted', 'c@x.example', 0), cell('resolved', 'c@x.example', 2)];
    const item = { scan_time: scanTime, cells: packCells(cells), cv: 4 };
    expect(unpackCounterItem(item)).toEqual({ cells: [cells[0], cells[2]], cv: 4 });
  });

  it('adds deltas cell by cell, creating and dropping cells', () => {
    const next = applyDeltas([cell('open', 'a', 3), cell('muted', 'a', 1)], [cell('open', 'a', -1), cell('muted', 'a', -1), cell('resolved', 'a', 1)]);
    expect(next).toEqual([cell('open', 'a', 2), cell('resolved', 'a', 1)]);
  });

  it('ignores what it cannot read', () => {
    expect(unpackCounterItem({ scan_time: scanTime, cells: JSON.stringify([['open', 'nope', 'a', 1], ['bogus']]) }).cells).toEqual([]);
    expect(unpackCounterItem({})).toEqual({ cells: [] });
  });
});
