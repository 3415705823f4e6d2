import { describe, expect, it } from 'vitest';
import { candidatesFor } from '../ai/builtin/builtin-provider';
import { userPrompt } from '../ai/llm/prompt';
import { mulberry32 } from '../demo/random';
import { byteSize } from './budget';
import { buildProfile } from './build-profile';
import { columnOf, type DatasetProfile, type Dependency } from './profile';
import { shadowOf } from './symmetric-dependencies';

// Invented ferry crossings among forty harbours: the sea miles between two harbours are the same
// whichever way the ferry goes, and most routes are sailed once each way, so read in order nearly
// every route is a group of one.
const HARBOURS = Array.from({ length: 40 }, (_, i) => `${['Sker', 'Holm', 'Var', 'Brand', 'Kel'][i % 5]}${['ra', 'vik', 'sund', 'oy', 'nes', 'holt', 'by', 'strand'][Math.floor(i / 5)]}`);
const milesBetween = (a: number, b: number) => String(11 + ((Math.min(a, b) * 7 + Math.max(a, b) * 13) % 97) * 3);

function crossings(routes: number, seed = 23) {
  const draw = mulberry32(seed);
  const rows: Array<Record<string, string>> = [];
  for (let i = 0; i < routes; i++) {
    const a = Math.floor(draw() * HARBOURS.length);
    const b = (a + 1 + Math.floor(draw() * (HARBOURS.length - 1))) % HARBOURS.length;
    const ways: Array<[number, number]> = draw() < 0.7 ? [[a, b], [b, a]] : [[a, b]];
    for (const [from, to] of ways) rows.push({ crossing: `C${1000 + rows.length}`, from: HARBOURS[from]!, to: HARBOURS[to]!, miles: milesBetween(from, to), ferry: draw() < 0.5 ? 'Tern' : 'Gannet' });
  }
  return rows;
}

const symmetric = (profile: DatasetProfile) => profile.symmetricDependencies ?? [];

const rows300 = crossings(300);
/** Crossings of the route of `r`, either way round. */
const routeSize = (rows: ReadonlyArray<Record<string, string>>, r: Record<string, string>) => rows.filter((s) => (s.from === r.from && s.to === r.to) || (s.from === r.to && s.to === r.from)).length;

/** The first crossing whose route `pick` takes and that was also sailed the other way, with `change` written over it, and the profile of the crossings. */
function failedCrossing(pick: (r: Record<string, string>) => boolean, change: Record<string, string>) {
  const rows = rows300;
  const at = rows.findIndex((r) => pick(r) && rows.some((s) => s.from === r.to && s.to === r.from));
  const row = { ...rows[at]!, ...change };
  return { rows, at, row, profile: buildProfile(rows.map((r, i) => (i === at ? row : r))) };
}

describe('two columns read either way round', () => {
  it('finds from~to -> miles, groups more crossings than the pair read in order, and replaces it', () => {
    const profile = buildProfile(crossings(300));
    const [dependency] = symmetric(profile);
    expect(dependency).toMatchObject({ to: 'miles', strength: 1 });
    expect([...dependency!.between].sort()).toEqual(['from', 'to']);
    // The ordered pair, and the two "which way" pairs it reads either way round, are not kept beside it.
    expect(profile.pairDependencies ?? []).toEqual([]);
    for (const [one, other, mi] of dependency!.mappings) {
      const miles = profile.columns.find((c) => c.name === 'miles')!.values[mi]![0];
      expect(miles).toBe(milesBetween(HARBOURS.indexOf(one), HARBOURS.indexOf(other)));
      expect(one <= other).toBe(true);
    }
  });

  it('gives a mistyped distance back from the crossing the other way, the only other one of its route', () => {
    const { rows, at, row, profile } = failedCrossing((r) => routeSize(rows300, r) === 2, { miles: '999' });
    const candidate = candidatesFor({ issue: { issue_column: 'miles', current_value: '999', row }, profile }).find((c) => c.rule.endsWith('dependency:from~to'));
    expect(candidate).toMatchObject({ value: rows[at]!.miles, family: 'dependency' });
    expect(candidate!.reason).toContain('either way round');
    expect(candidate!.reason).toContain('(1 of the other 1 row)');
  });

  it('tells a language model the distance the two harbours imply, either way round', () => {
    const { rows, at, row, profile } = failedCrossing((r) => routeSize(rows300, r) >= 3, { miles: '' });
    const prompt = JSON.parse(userPrompt({ issue: { issue_column: 'miles', current_value: '', row }, profile })) as { impliedByOtherColumns?: Array<{ from: string; value: string }> };
    expect(prompt.impliedByOtherColumns).toContainEqual(expect.objectContaining({ from: 'from ~ to (either way round)', value: rows[at]!.miles }));
  });

  it('gives a blank harbour back from the one crossing the other way, a group of one row kept for that', () => {
    const { rows, at, row, profile } = failedCrossing((r) => routeSize(rows300, r) === 2, { from: '' });
    // Without the blank row the route is one crossing: its group is kept all the same.
    expect(symmetric(profile)[0]!.mappings.some(([, , , , size]) => size === 1)).toBe(true);
    const candidate = candidatesFor({ issue: { issue_column: 'from', current_value: '', row }, profile }).find((c) => c.rule.endsWith('dependency:to+miles~'));
    expect(candidate).toMatchObject({ value: rows[at]!.from });
    expect(candidate!.reason).toContain('(1 of 1 row)');
    // One crossing is one row's word, which may itself be wrong: far from certain.
    expect(candidate!.p).toBeLessThan(0.8);
  });

  it('gives a mistyped harbour back from the other harbour and the miles', () => {
    const rows = crossings(300);
    const at = rows.findIndex((r, i) => rows.some((s, j) => j !== i && s.from === r.to && s.to === r.from));
    const row = { ...rows[at]!, to: `${rows[at]!.to}x` };
    const profile = buildProfile(rows.map((r, i) => (i === at ? row : r)));
    const candidate = candidatesFor({ issue: { issue_column: 'to', current_value: row.to, row }, profile }).find((c) => c.rule.endsWith('dependency:from+miles~'));
    expect(candidate).toMatchObject({ value: rows[at]!.to });
    expect(candidate!.reason).toMatch(/^Rows between ".+" and ".+", either way round, have miles "\d+" \(\d+ of \d+ rows?\)\.$/);
  });

  it('does not read either way round a relation that differs by direction, where the pair in order holds it clearly better', () => {
    // Fares between twelve harbours, dearer one way than the other; most crossings of a route go
    // the same way, so read either way round its dearer fare still leads most groups; one fare in
    // ten mistyped.
    const draw = mulberry32(31);
    const fare = (from: number, to: number) => String(20 + ((from * 41 + to) % 89));
    const rows = Array.from({ length: 900 }, () => {
      const a = Math.floor(draw() * 11);
      const b = a + 1 + Math.floor(draw() * (11 - a));
      const [from, to] = draw() < 0.8 ? [a, b] : [b, a];
      return { from: HARBOURS[from]!, to: HARBOURS[to]!, fare: draw() < 0.1 ? String(20 + Math.floor(draw() * 89)) : fare(from, to) };
    });
    const profile = buildProfile(rows);
    expect(symmetric(profile).some((d) => d.to === 'fare')).toBe(false);
    expect((profile.pairDependencies ?? []).some((d) => d.to === 'fare')).toBe(true);
  });

  it('does not read two columns either way round when they only share numbers: crew counts are not berth numbers', () => {
    // Berth numbers run 1-400, crews 3-40: every crew is some berth's number, most berths no crew.
    const draw = mulberry32(3);
    const rows = Array.from({ length: 600 }, (_, i) => {
      const berth = 1 + Math.floor(draw() * 400);
      const crew = 3 + Math.floor(draw() * 38);
      return { visit: `V${i}`, berth: String(berth), crew: String(crew), pilot: (berth + crew) % 7 === 0 ? 'yes' : 'no' };
    });
    expect(symmetric(buildProfile(rows))).toEqual([]);
  });

  it('keeps its mappings pointing into the distances kept when the profile is cut to a budget', () => {
    const draw = mulberry32(9);
    const rows = Array.from({ length: 6000 }, (_, i) => {
      const from = Math.floor(draw() * 40);
      const to = (from + 1 + Math.floor(draw() * 39)) % 40;
      return { from: `H${from}`, to: `H${to}`, miles: String(100 + Math.min(from, to) * 41 + Math.max(from, to) + (i % 29 === 0 ? 1 : 0)) };
    });
    const full = buildProfile(rows, { maxBytes: 10_000_000 });
    expect(symmetric(full)).toHaveLength(1);
    let cut = false;
    for (const share of [0.6, 0.15, 0.08]) {
      const fitted = buildProfile(rows, { maxBytes: Math.floor(byteSize(full) * share) });
      expect(byteSize(fitted)).toBeLessThanOrEqual(Math.floor(byteSize(full) * share));
      const miles = columnOf(fitted, 'miles')!.values;
      if (miles.length < columnOf(full, 'miles')!.values.length) cut = true;
      for (const d of symmetric(fitted)) for (const [, , mi] of d.mappings) expect(mi).toBeLessThan(miles.length);
    }
    expect(cut).toBe(true);
  });
});

describe("the shadow of two ends' relation", () => {
  it('drops a dependency of one end on the value the two ends fix (the miles name a route, not which end)', () => {
    const relation = { between: ['from', 'to'] as [string, string], to: 'miles', strength: 1, support: 10, mappings: [] };
    const dependency = (from: string, to: string): Dependency => ({ from, to, strength: 0.55, support: 100, mappings: [] });
    expect(shadowOf([relation], dependency('miles', 'from'))).toBe(true);
    expect(shadowOf([relation], dependency('miles', 'to'))).toBe(true);
    expect(shadowOf([relation], dependency('crossing', 'from'))).toBe(false);
    expect(shadowOf([relation], dependency('from', 'miles'))).toBe(false);
    expect(shadowOf([], dependency('miles', 'from'))).toBe(false);
    const profile = buildProfile(crossings(300));
    expect(profile.dependencies.filter((d) => d.from === 'miles' && (d.to === 'from' || d.to === 'to'))).toEqual([]);
  });
});
