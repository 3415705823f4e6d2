import type { Learned, LearnedFix } from '../provider';
import { learnFrom, learnWithout, recoded, sameValueRewritten, taughtWay, taughtWriting, type LearnedModel } from './learning';

// Invented data: a ferry operator's crossing log, fixed by two people.

const row = (vessel: string, berth: string, crossing: string) => ({ vessel, berth, crossing });
const fixes: LearnedFix[] = [
  { column: 'vessel', oldValue: 'Gull Rocck', newValue: 'Gull Rock', fixedBy: 'ines@ferry.example', row: row('Gull Rocck', 'B2', '10:40') },
  { column: 'berth', oldValue: 'b2', newValue: 'B2', fixedBy: 'ines@ferry.example', row: row('Tern', 'b2', '11:15') },
  { column: 'vessel', oldValue: 'Tern  ', newValue: 'Tern', fixedBy: 'oskar@ferry.example', row: row('Tern  ', 'B4', '12:05') },
  { column: 'crossing', oldValue: '1305', newValue: '13:05', fixedBy: 'oskar@ferry.example', row: row('Puffin', 'B1', '1305') },
  { column: 'vessel', oldValue: 'Puffln', newValue: 'Puffin', fixedBy: 'ines@ferry.example', row: row('Puffln', 'B1', '13:50') },
  { column: 'berth', oldValue: 'b4', newValue: 'B4', fixedBy: 'oskar@ferry.example', row: row('Gull Rock', 'b4', '14:30') },
];

/** What a model says, in plain data: per column its mappings, rules and confirmed values, and the substitutions. */
function plain(model: LearnedModel) {
  const columns = [...model.columns]
    .map(([column, c]) => ({
      column,
      fixes: c.fixes.map((f) => `${f.oldValue}>${f.newValue}`),
      mappings: [...c.mappings].map(([from, to]) => [from, [...to].map(([v, e]) => [v, e.count, [...e.by].sort()])]),
      rules: c.rules.map((r) => [r.transform.id, r.param, r.explained, r.applicable, [...r.by].sort()]),
      confirmed: [...c.confirmed],
      shapes: [...c.confirmedShapes].sort(),
    }))
    .sort((a, b) => (a.column < b.column ? -1 : 1));
  return { columns, substitutions: [...model.substitutions].sort(), penalties: model.penalties };
}

describe('learning without one fix (leave one out)', () => {
  const learned: Learned = { fixes, penalties: { 'vessel:typo': 1 } };

  it('teaches what learning from the other fixes teaches, for every fix left out', () => {
    fixes.forEach((_, i) => {
      const others: Learned = { fixes: fixes.filter((_, j) => j !== i), penalties: learned.penalties! };
      expect(plain(learnWithout(learned, i)!)).toEqual(plain(learnFrom(others)));
    });
  });

  it('drops a column whose only fix is left out, and learns nothing without any other fix', () => {
    expect(learnWithout(learned, 3)!.columns.has('crossing')).toBe(false);
    expect(learnWithout({ fixes: fixes.slice(0, 1) }, 0)).toBeUndefined();
  });

  it('does not learn the other columns again', () => {
    const whole = learnFrom(learned);
    const without = learnWithout(learned, 0)!;
    expect(without.columns.get('berth')).toBe(whole.columns.get('berth'));
    expect(without.columns.get('vessel')).not.toBe(whole.columns.get('vessel'));
  });
});

describe('taughtWay', () => {
  const model = (extra: LearnedFix[] = []) => learnFrom({ fixes: [...fixes, ...extra], penalties: {} });
  it('is what fixes of one kind agree on, held twice or more', () => {
    // Two berths fixed to capitals ("b2" -> "B2", "b4" -> "B4").
    expect(taughtWay(model().columns.get('berth'), 'case')).toBe('upper');
    // A vessel's fixes taught no case; one time's fix is one fix.
    expect(taughtWay(model().columns.get('vessel'), 'case')).toBeUndefined();
    expect(taughtWay(undefined, 'case')).toBeUndefined();
  });

  it('is nothing where fixes taught two ways', () => {
    const lower: LearnedFix[] = [
      { column: 'berth', oldValue: 'B7', newValue: 'b7', fixedBy: 'ines@ferry.example', row: row('Tern', 'B7', '17:17') },
      { column: 'berth', oldValue: 'B9', newValue: 'b9', fixedBy: 'ines@ferry.example', row: row('Tern', 'B9', '17:47') },
    ];
    expect(taughtWay(model(lower).columns.get('berth'), 'case')).toBeUndefined();
  });
});

describe('sameValueRewritten', () => {
  it('is the same words, class of value or number written another way', () => {
    expect(sameValueRewritten('gull rock', 'Gull Rock', undefined)).toBe(true);
    expect(sameValueRewritten('140 kg', '140', undefined)).toBe(true);
    expect(sameValueRewritten('03/04/2031', '2031-03-04', (v) => (v === '03/04/2031' ? '2031-3-4' : v === '2031-03-04' ? '2031-3-4' : v))).toBe(true);
  });

  it('is not another value, a marker, or a code that gained or lost its leading zero', () => {
    expect(sameValueRewritten('Gull Rock', 'Tern', undefined)).toBe(false);
    expect(sameValueRewritten('140', '141', undefined)).toBe(false);
    expect(sameValueRewritten('n/a', 'N/A', undefined)).toBe(false);
    expect(sameValueRewritten('07410', '7410', undefined)).toBe(false);
  });
});

describe('taughtWriting', () => {
  const berth = (oldValue: string, newValue: string, vessel = 'Tern'): LearnedFix => ({ column: 'berth', oldValue, newValue, fixedBy: 'ines@ferry.example', row: row(vessel, oldValue, '09:00') });
  const learning = (list: LearnedFix[]) => learnFrom({ fixes: list, penalties: {} }).columns.get('berth');

  it('writes a value as every fix of it did, where that is the value written another way', () => {
    const taught = learning([berth('east quay', 'East Quay'), berth('east quay', 'East Quay', 'Puffin'), berth('b4', 'B4')]);
    expect(taughtWriting(taught, 'east quay', undefined)).toBe('East Quay');
  });

  it('says nothing where the fixes of a value wrote another value, or disagree', () => {
    expect(taughtWriting(learning([berth('B2', 'B4'), berth('b4', 'B4')]), 'B2', undefined)).toBeUndefined();
    expect(taughtWriting(learning([berth('east quay', 'East Quay'), berth('east quay', 'EAST QUAY')]), 'east quay', undefined)).toBeUndefined();
    expect(taughtWriting(undefined, 'east quay', undefined)).toBeUndefined();
  });

  it('applies a rewrite that held for most fixes it applied to, twice at least, to a value never fixed', () => {
    const upper = learning([berth('b2', 'B2'), berth('b4', 'B4'), berth('b7', 'B7')]);
    expect(taughtWriting(upper, 'b9', undefined)).toBe('B9');
    // One fix is one fix: it may be a slip.
    expect(taughtWriting(learning([berth('b2', 'B2')]), 'b9', undefined)).toBeUndefined();
    // Half the fixes it applied to went another way: no way of writing is taught.
    expect(taughtWriting(learning([berth('b2', 'B2'), berth('b4', 'B4'), berth('C7', 'c7'), berth('C8', 'c8')]), 'b9', undefined)).toBeUndefined();
  });

  it('re-cases only values written as the fixed ones were', () => {
    const titled = learning([berth('EAST QUAY', 'East Quay'), berth('WEST QUAY', 'West Quay')]);
    expect(taughtWriting(titled, 'NORTH PIER', undefined)).toBe('North Pier');
    // Already written in mixed case: a title rule taught on capitals does not make "of the" "Of The".
    expect(taughtWriting(titled, 'Pier of the North', undefined)).toBeUndefined();
  });
});

describe('recoded', () => {
  const col = (counts: Record<string, number>) => ({ counts: new Map(Object.entries(counts)) }) as unknown as Parameters<typeof recoded>[3];
  it('is two fixes or more of a value the column commonly holds, to one it (nearly) never holds', () => {
    expect(recoded('NV', 'Norvale', 2, col({ NV: 60, SQ: 20 }))).toBe(true);
    expect(recoded('NV', 'Norvale', 2, col({ NV: 60, Norvale: 3 }))).toBe(true);
  });

  it('is not one fix, a value the column holds often, a rare value fixed, or a marker', () => {
    expect(recoded('NV', 'Norvale', 1, col({ NV: 60 }))).toBe(false);
    // Two rows whose "NV" was carried in from other rows, fixed to their own "SQ": both common.
    expect(recoded('NV', 'SQ', 2, col({ NV: 60, SQ: 20 }))).toBe(false);
    expect(recoded('Nv', 'NV', 2, col({ NV: 60, Nv: 1 }))).toBe(false);
    expect(recoded('n/a', 'Norvale', 2, col({ 'n/a': 60 }))).toBe(false);
    expect(recoded('NV', 'Norvale', 2, undefined)).toBe(false);
  });
});
