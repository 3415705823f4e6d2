import { describe, expect, it } from 'vitest';
import { candidatesFor } from '../ai/builtin/builtin-provider';
import { userPrompt } from '../ai/llm/prompt';
import { mulberry32 } from '../demo/random';
import { byteSize } from './budget';
import { buildProfile } from './build-profile';
import { columnOf, type DatasetProfile } from './profile';

// Invented ferry crossings between six harbours: a crossing's sea miles follow from where it
// leaves and where it arrives together (either way round the same), never from one harbour alone,
// and the miles alone cannot say which way the ferry went.
const HARBOURS = ['Skerra', 'Holm', 'Varo', 'Brandvik', 'Kelsund', 'Oyholt'];
const milesBetween = (a: number, b: number) => String(11 + ((Math.min(a, b) * 7 + Math.max(a, b) * 13) % 37) * 3);

function crossings(n: number, seed = 41) {
  const draw = mulberry32(seed);
  return Array.from({ length: n }, (_, i) => {
    const from = Math.floor(draw() * HARBOURS.length);
    const to = (from + 1 + Math.floor(draw() * (HARBOURS.length - 1))) % HARBOURS.length;
    return { crossing: `C${1000 + i}`, from: HARBOURS[from]!, to: HARBOURS[to]!, miles: milesBetween(from, to), ferry: draw() < 0.5 ? 'Tern' : 'Gannet' };
  });
}

const pairInto = (profile: DatasetProfile, column: string) => (profile.pairDependencies ?? []).filter((d) => d.to === column);

describe('dependencies on two columns together', () => {
  it('finds from and to -> miles, which neither harbour alone determines, with its mappings', () => {
    const profile = buildProfile(crossings(400));
    expect(profile.dependencies.some((d) => d.to === 'miles' && d.strength >= 0.9)).toBe(false);
    const [dependency] = pairInto(profile, 'miles');
    expect(dependency).toMatchObject({ to: 'miles' });
    expect([dependency!.from, dependency!.and].sort()).toEqual(['from', 'to']);
    expect(dependency!.strength).toBe(1);
    const from = columnOf(profile, dependency!.from)!;
    const and = columnOf(profile, dependency!.and)!;
    const miles = columnOf(profile, 'miles')!;
    for (const [fi, ai, mi] of dependency!.mappings) {
      const pair = { [dependency!.from]: from.values[fi]![0], [dependency!.and]: and.values[ai]![0] };
      expect(miles.values[mi]![0]).toBe(milesBetween(HARBOURS.indexOf(pair.from!), HARBOURS.indexOf(pair.to!)));
    }
    // Nor does a column of two values that says nothing about the crossing join a pair.
    expect((profile.pairDependencies ?? []).some((d) => d.to === 'ferry')).toBe(false);
  });

  it('finds the pair under heavy noise: a third of the miles written wrong still leaves it clear of chance', () => {
    const draw = mulberry32(17);
    const rows = crossings(400).map((r) => (draw() < 0.33 ? { ...r, miles: String(11 + Math.floor(draw() * 37) * 3) } : r));
    const profile = buildProfile(rows);
    const [dependency] = pairInto(profile, 'miles');
    expect([dependency?.from, dependency?.and].sort()).toEqual(['from', 'to']);
    expect(dependency!.strength).toBeLessThan(0.8);
    // A coin's side agrees within small groups by chance, as often in shuffled rows: still nothing.
    expect((profile.pairDependencies ?? []).some((d) => d.to === 'ferry')).toBe(false);
  });

  it('finds which way a crossing went from the miles and one harbour, which the miles alone cannot say', () => {
    const profile = buildProfile(crossings(400));
    const into = (column: string) => pairInto(profile, column).map((d) => [d.from, d.and].sort().join('+'));
    expect(into('to')).toEqual(['from+miles']);
    expect(into('from')).toEqual(['miles+to']);
  });

  it('does not take a key refined by a second column for a pair: it only splits the rows that disagree off into groups of one', () => {
    // Berths, each listed four times, with its depth; one row in eight carries another berth's
    // code (its harbour and depth stay its own), so berth -> depth holds in most rows but not 95 %.
    const draw = mulberry32(5);
    const rows = Array.from({ length: 800 }, (_, i) => {
      const berth = i % 200;
      const code = draw() < 0.125 ? (berth + 1 + Math.floor(draw() * 199)) % 200 : berth;
      return { berth: `B${100 + code}`, harbour: HARBOURS[berth % HARBOURS.length]!, depth: String(4 + (berth % 23)) };
    });
    const profile = buildProfile(rows);
    const single = profile.dependencies.find((d) => d.from === 'berth' && d.to === 'depth');
    expect(single!.strength).toBeLessThan(0.95);
    expect(pairInto(profile, 'depth')).toEqual([]);
  });

  it('proposes the pair\'s value for a failed cell and says which two columns it read', () => {
    const rows = crossings(400);
    const profile = buildProfile(rows);
    const row = { ...rows[7]!, miles: '' };
    const candidate = candidatesFor({ issue: { issue_column: 'miles', current_value: '', row }, profile }).find((c) => c.rule.includes('+'));
    expect(candidate).toMatchObject({ value: rows[7]!.miles, family: 'dependency' });
    expect(candidate!.p).toBeGreaterThan(0.9);
    expect(candidate!.reason).toMatch(/^Rows with the same (from and to|to and from) /);
  });

  it('takes the other crossing of a route flown twice, where the two disagree and neither is a majority', () => {
    // Every route once, then Holm -> Varo a second time: the failed first crossing and the second
    // disagree on the miles.
    const rows = crossings(400);
    const twice = { crossing: 'C9000', from: 'Holm', to: 'Varo', miles: '777', ferry: 'Tern' };
    const only = rows.filter((r) => !(r.from === 'Holm' && r.to === 'Varo')).concat([{ ...twice, crossing: 'C9001', miles: milesBetween(1, 2) }, twice]);
    const profile = buildProfile(only);
    const at = only.length - 1;
    const candidate = candidatesFor({ issue: { issue_column: 'miles', current_value: '777', row: only[at]! }, profile }).find((c) => c.rule.includes('+'));
    expect(candidate).toMatchObject({ value: milesBetween(1, 2), support: 1 });
    expect(candidate!.reason).toContain('(1 of the other 1 row)');
  });

  it('tells a language model which value the two columns imply', () => {
    const rows = crossings(400);
    const row = { ...rows[7]!, miles: '' };
    const prompt = JSON.parse(userPrompt({ issue: { issue_column: 'miles', current_value: '', row }, profile: buildProfile(rows) })) as { impliedByOtherColumns?: Array<{ from: string; value: string }> };
    expect(prompt.impliedByOtherColumns).toContainEqual(expect.objectContaining({ from: expect.stringMatching(/^(from \+ to|to \+ from)$/), value: rows[7]!.miles }));
  });

  it('keeps its mappings pointing into the value lists when the profile is cut to a budget', () => {
    // Crossings among 40 harbours, each way between two of them with its own miles (against the
    // current one way, with it the other, so not the same both ways): lists long enough that a budget shortens the harbours' and the miles' value lists too.
    const draw = mulberry32(9);
    // One crossing in 29 logs a mile too many, so some routes' crossings disagree.
    const rows = Array.from({ length: 6000 }, (_, i) => {
      const from = Math.floor(draw() * 40);
      const to = (from + 1 + Math.floor(draw() * 39)) % 40;
      return { from: `H${from}`, to: `H${to}`, miles: String(100 + from * 41 + to + (i % 29 === 0 ? 1 : 0)) };
    });
    const full = buildProfile(rows, { maxBytes: 10_000_000 });
    expect(pairInto(full, 'miles')).toHaveLength(1);
    expect(pairInto(full, 'miles')[0]!.contested?.length).toBeGreaterThan(10);
    const cut: string[] = [];
    for (const share of [0.6, 0.15, 0.05]) {
      const fitted = buildProfile(rows, { maxBytes: Math.floor(byteSize(full) * share) });
      for (const d of fitted.pairDependencies ?? []) {
        for (const column of [d.from, d.and, d.to]) if (columnOf(fitted, column)!.values.length < columnOf(full, column)!.values.length) cut.push(column);
        for (const [fi, ai, ti] of d.mappings) {
          expect(fi).toBeLessThan(columnOf(fitted, d.from)!.values.length);
          expect(ai).toBeLessThan(columnOf(fitted, d.and)!.values.length);
          expect(ti).toBeLessThan(columnOf(fitted, d.to)!.values.length);
        }
        for (const [fi, ai] of d.contested ?? []) {
          expect(fi).toBeLessThan(columnOf(fitted, d.from)!.values.length);
          expect(ai).toBeLessThan(columnOf(fitted, d.and)!.values.length);
        }
      }
    }
    // The budgets did shorten lists the pairs point into.
    expect(new Set(cut)).toEqual(new Set(['from', 'to', 'miles']));
  });
});
