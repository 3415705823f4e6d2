import type { Learned, LearnedFix } from '../provider';
import { learnFrom, learnWithout, taughtWay, type LearnedModel } from './learning';

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
