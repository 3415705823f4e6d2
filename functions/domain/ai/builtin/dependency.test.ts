import { describe, expect, it } from 'vitest';
import { buildProfile } from '../../profile/build-profile';
import { columnOf } from '../../profile/profile';
import type { SourceRecord } from '../provider';
import { candidatesFor } from './builtin-provider';
import { groupStrength } from './dependency';

// An invented harbour register: each berth is surveyed more than once, and the survey names the
// vessel moored there and its hull colour. Vessel names are mostly unique to their berth.
function register(copies = 2): SourceRecord[] {
  const rows: SourceRecord[] = [];
  for (let berth = 0; berth < 120; berth++) {
    for (let copy = 0; copy < copies; copy++) rows.push({ berth: `B-${300 + berth}`, vessel: `Tern ${berth * 7 + 11}`, hull: ['teal', 'ochre', 'slate'][berth % 3]! });
  }
  return rows;
}

/** The dependency berth -> vessel's proposals for row `at`, its vessel written `value`, in the register `rows`. */
function proposals(rows: SourceRecord[], at: number, value: string) {
  const row = { ...rows[at]!, vessel: value };
  const profile = buildProfile(rows.map((r, i) => (i === at ? row : r)));
  return { profile, candidates: candidatesFor({ issue: { issue_column: 'vessel', current_value: value, row }, profile }).filter((c) => c.rule === 'vessel:dependency:berth') };
}

describe('what the rest of a key\'s group says', () => {
  it('takes the other row of a group of two that disagree: no majority, yet the other row names the value', () => {
    const rows = register();
    const { profile, candidates } = proposals(rows, 10, 'Tern 99999');
    // Both values occur once in the column: the value list leaves them out, the contested group keeps them.
    expect(columnOf(profile, 'vessel')!.values.some(([v]) => v === 'Tern 46')).toBe(false);
    const dependency = profile.dependencies.find((d) => d.from === 'berth' && d.to === 'vessel')!;
    expect(dependency.contested).toContainEqual([expect.any(Number), expect.stringMatching(/^Tern (46|99999)$/), 1, expect.stringMatching(/^Tern (46|99999)$/), 1, 2]);
    expect(candidates).toHaveLength(1);
    expect(candidates[0]).toMatchObject({ value: 'Tern 46', support: 1 });
    expect(candidates[0]!.reason).toContain('(1 of the other 1 row)');
  });

  it('takes the runner-up where the failed value leads only by the failed row itself', () => {
    // Berth B-305 surveyed four times: twice with its vessel, and the failed row plus one more copy
    // with another vessel — level at two each, so no majority; without the failed row the rest
    // names the berth's vessel two to one.
    const rows = register(4);
    rows[21] = { ...rows[21]!, vessel: 'Gannet 5' };
    const { candidates } = proposals(rows, 20, 'Gannet 5');
    expect(candidates.map((c) => c.value)).toEqual([rows[22]!.vessel]);
    expect(candidates[0]!.reason).toContain('(2 of the other 3 rows)');
  });

  it('counts a blank failed cell apart from its group: it was never one of its votes', () => {
    const rows = register(4);
    rows[21] = { ...rows[21]!, vessel: 'Gannet 5' };
    const { candidates } = proposals(rows, 20, '');
    expect(candidates.map((c) => c.value)).toEqual([rows[22]!.vessel]);
    expect(candidates[0]!.reason).toContain('(2 of 3 rows)');
  });

  it("fills a blank from the key's one other row, a group of one kept for it", () => {
    // Each berth surveyed twice; the failed row left its vessel blank, so the berth's group holds
    // one filled row — too small a group to vote, yet the only row that can fill the blank.
    const rows = register();
    rows[10] = { ...rows[10]!, vessel: '' };
    const { profile, candidates } = proposals(rows, 10, '');
    expect(candidates).toHaveLength(1);
    expect(candidates[0]).toMatchObject({ value: 'Tern 46', support: 1 });
    expect(candidates[0]!.reason).toContain('(1 of 1 row)');
    // One other row is a weaker witness than a group: stated below the three of a larger register.
    expect(candidates[0]!.p).toBeLessThan(proposals(register(4), 20, '').candidates[0]!.p - 0.1);
    // The group of one is kept for that key only: a berth surveyed once implies nothing.
    const dependency = profile.dependencies.find((d) => d.from === 'berth' && d.to === 'vessel')!;
    expect(dependency.lone).toEqual([[expect.any(Number), 'Tern 46']]);
    const once = [...register(), { berth: 'B-999', vessel: 'Gannet 5', hull: 'teal' }];
    expect(buildProfile(once).dependencies.find((d) => d.from === 'berth' && d.to === 'vessel')!.lone).toBeUndefined();
  });

  it("does not count the row's own cell, a group of one, as its other columns bearing out its key", () => {
    // Each berth's harbour master is surveyed too. The failed row left its vessel blank and names
    // another berth's master; its berth's other two surveys left the hull blank, so the berth's
    // hull group is the failed row alone — which agrees with itself and bears out nothing.
    const rows: SourceRecord[] = register(3).map((r, i) => ({ ...r, master: `Holm ${Math.floor(i / 3)}` }));
    rows[30] = { ...rows[30]!, vessel: '', master: 'Holm 77' };
    const blankHull = rows.map((r, i) => (i === 31 || i === 32 ? { ...r, hull: '' } : r));
    const p = (table: SourceRecord[]) => proposals(table, 30, '').candidates.find((c) => c.value === 'Tern 81')?.p ?? 0;
    expect(p(blankHull)).toBeGreaterThan(0);
    expect(p(blankHull)).toBeLessThan(p(rows) - 0.05);
  });

  it('counts a blank cell\'s row against its group\'s share, and the others as support', () => {
    // A blank is no vote of its group: two other rows naming the vessel are all the evidence, and
    // their share is smoothed as if the failed row disagreed — less sure than four, never above one.
    const two = proposals(register(3), 30, '').candidates;
    const four = proposals(register(5), 50, '').candidates;
    expect(two).toHaveLength(1);
    expect(four).toHaveLength(1);
    expect(two[0]).toMatchObject({ value: 'Tern 81', support: 2 });
    expect(four[0]).toMatchObject({ value: 'Tern 81', support: 4 });
    expect(two[0]!.p).toBeLessThan(0.85);
    expect(two[0]!.p).toBeLessThan(four[0]!.p - 0.04);
  });

  it("discounts a large group by the relation's strength less than a pair, whose share says little of its own", () => {
    expect(groupStrength(0.7, 2)).toBeCloseTo(0.7, 9);
    expect(groupStrength(0.7, 1)).toBeCloseTo(0.7, 9);
    expect(groupStrength(0.7, 4)).toBeCloseTo(Math.sqrt(0.7), 9);
    expect(groupStrength(0.7, 8)).toBeGreaterThan(0.9);
    expect(groupStrength(1, 8)).toBe(1);
    // Nine surveys of each berth, one of which names another vessel: the relation holds in eight
    // rows of nine. The seven other rows that agree on a blank's vessel have read that disagreement
    // already (the share is 7 of 8); the strength takes off its eighth root, not all of it.
    const rows = register(9).map((r, i) => (i % 9 === 8 ? { ...r, vessel: `Gannet ${i}` } : r));
    const { profile, candidates } = proposals(rows, 90, '');
    const dependency = profile.dependencies.find((d) => d.from === 'berth' && d.to === 'vessel')!;
    expect(dependency.strength).toBeLessThan(0.9);
    expect(candidates.map((c) => c.value)).toEqual(['Tern 81']);
    expect(candidates[0]!.p).toBeGreaterThan(((7 + 0.5) / (8 + 1)) * dependency.strength ** 0.25 * 0.97 - 0.01);
  });

  it('proposes nothing where the rest of the group is level', () => {
    // Three copies: the failed row, one with the right vessel and one with a third vessel.
    const rows = register(3);
    rows[31] = { ...rows[31]!, vessel: 'Gannet 5' };
    const { candidates } = proposals(rows, 30, 'Gannet 9');
    expect(candidates).toEqual([]);
  });

  it('takes, where the rest is level, the value the failed one is a slip of', () => {
    // Berth B-310 (vessel "Tern 81") surveyed five times: the failed row reads "Tenr 81", two
    // copies name the vessel and two a third one — level without the failed row.
    const rows = register(5);
    rows[53] = { ...rows[53]!, vessel: 'Gannet 5' };
    rows[54] = { ...rows[54]!, vessel: 'Gannet 5' };
    expect(proposals(rows, 50, 'Tenr 81').candidates.map((c) => c.value)).toEqual(['Tern 81']);
    expect(proposals(rows, 50, 'Gannet 9').candidates).toEqual([]);
  });

  it("reads the row's other columns against how often they fail anyway: in a noisy table a disagreeing one says less", () => {
    // Each berth surveyed four times with its harbour master; in the noisy copy a third of the
    // surveys name another berth's master or hull (every relation holds in about two rows of three).
    const clean: SourceRecord[] = register(4).map((r, i) => ({ ...r, master: `Holm ${i >> 2}` }));
    const noisy = clean.map((r, i) => (i % 3 === 1 && i >= 60 ? { ...r, master: `Holm ${(i * 7) % 120}`, hull: ['teal', 'ochre', 'slate'][(i + 1) % 3]! } : r));
    // The failed row left its vessel blank; its master is another berth's, its hull its own.
    const p = (rows: SourceRecord[], master: string) => proposals(rows.map((r, i) => (i === 40 ? { ...r, master } : r)), 40, '').candidates.find((c) => c.rule === 'vessel:dependency:berth')?.p ?? 0;
    const kept = (rows: SourceRecord[]) => p(rows, 'Holm 77') / p(rows, 'Holm 10');
    expect(p(clean, 'Holm 10')).toBeGreaterThan(0.5);
    expect(p(noisy, 'Holm 10')).toBeGreaterThan(0.5);
    expect(kept(noisy)).toBeGreaterThan(kept(clean) + 0.15);
  });

  it("reads a group of two that disagree on another column the key implies as not bearing the row's key out", () => {
    // Each berth surveyed twice, with its harbour master. The failed row left its vessel blank and
    // names another berth's master: its group has no majority for the master, and no other row of
    // it shares the row's.
    const rows: SourceRecord[] = register(2).map((r, i) => ({ ...r, master: `Holm ${i >> 1}` }));
    const p = (master: string) => proposals(rows.map((r, i) => (i === 40 ? { ...r, master } : r)), 40, '').candidates.find((c) => c.rule === 'vessel:dependency:berth')?.p ?? 0;
    expect(p('Holm 20')).toBeGreaterThan(0.5);
    expect(p('Holm 77')).toBeLessThan(p('Holm 20') - 0.1);
  });

  it("counts a column of the row that holds a slip of what the key implies as bearing the key out", () => {
    const rows: SourceRecord[] = register(4).map((r, i) => ({ ...r, master: `Holm Varnby ${i >> 2}` }));
    const p = (master: string) => proposals(rows.map((r, i) => (i === 40 ? { ...r, master } : r)), 40, '').candidates.find((c) => c.rule === 'vessel:dependency:berth')?.p ?? 0;
    expect(p('Holm Vranby 10')).toBeCloseTo(p('Holm Varnby 10'), 6);
    expect(p('Holm Vranby 10')).toBeGreaterThan(p('Holm Varnby 77') + 0.2);
  });

  it("trusts the key where the failed value is a slip of what it implies, though the row's other columns are spoilt", () => {
    // Each berth's harbour master is named in the survey too; the failed row names another berth's master and hull.
    const rows: SourceRecord[] = register(3).map((r, i) => ({ ...r, master: `Holm ${Math.floor(i / 3)}` }));
    rows[30] = { ...rows[30]!, master: 'Holm 77', hull: 'teal' };
    const strength = (value: string) => proposals(rows, 30, value).candidates.find((c) => c.value === 'Tern 81')?.p ?? 0;
    expect(strength('Tenr 81')).toBeGreaterThan(strength('Gannet 9') + 0.2);
  });
});

describe('the spelling a key\'s group names a value in', () => {
  it('proposes the column\'s own spelling where the rest of the group writes the value in another case', () => {
    // Berth B-340's hull is ochre; its other survey wrote it in capitals, and the failed row says slate.
    const rows = register();
    rows[81] = { ...rows[81]!, hull: 'OCHRE' };
    const row = { ...rows[80]!, hull: 'slate' };
    const profile = buildProfile(rows.map((r, i) => (i === 80 ? row : r)));
    const candidates = candidatesFor({ issue: { issue_column: 'hull', current_value: 'slate', row }, profile }).filter((c) => c.rule === 'hull:dependency:berth');
    expect(candidates.map((c) => c.value)).toEqual(['ochre']);
  });

  it("counts the group's rows that write its value in another case for that value, and proposes the column's spelling", () => {
    // Berth B-303 surveyed three times: one copy writes its vessel in capitals, the failed row names another vessel.
    const rows = register(3);
    rows[11] = { ...rows[11]!, vessel: 'TERN 32' };
    const { candidates } = proposals(rows, 10, 'Gannet 9');
    expect(candidates.map((c) => c.value)).toEqual(['Tern 32']);
    expect(candidates[0]!.reason).toContain('2 of');
  });
});

describe("two cells of a row swapped, as the key's group tells", () => {
  // Each berth visit reported `copies` times: when the vessel moored and when it cast off (times of
  // one form, so neither value looks out of place in the other column).
  const at = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  function visits(berths: number, copies: number, [mooredStep, castOffStep]: [number, number]): SourceRecord[] {
    const rows: SourceRecord[] = [];
    for (let berth = 0; berth < berths; berth++) {
      for (let copy = 0; copy < copies; copy++) rows.push({ berth: `B-${300 + berth}`, moored: at(360 + berth * mooredStep), castOff: at(600 + berth * castOffStep) });
    }
    return rows;
  }
  /** Row `at`'s two times swapped: the profile of the table so spoilt, and the failed row. */
  function swappedAt(rows: SourceRecord[], at: number) {
    const swapped = { ...rows[at]!, moored: rows[at]!.castOff!, castOff: rows[at]!.moored! };
    const profile = buildProfile(rows.map((r, i) => (i === at ? swapped : r)));
    return candidatesFor({ issue: { issue_column: 'moored', current_value: swapped.moored!, row: swapped }, profile }).find((c) => c.rule === 'moored:swap:castOff:berth');
  }

  it("takes back the value the group gives this column where the row holds it in another and the failed value there", () => {
    const rows = visits(60, 3, [11, 7]);
    const swap = swappedAt(rows, 31);
    expect(swap).toMatchObject({ value: rows[31]!.moored, family: 'swap' });
    expect(swap!.p).toBeGreaterThan(0.5);
    // A row whose other cell holds another value of the group's is no swap.
    const wrong = { ...rows[31]!, moored: rows[31]!.castOff! };
    const alone = buildProfile(rows.map((r, i) => (i === 31 ? wrong : r)));
    expect(candidatesFor({ issue: { issue_column: 'moored', current_value: wrong.moored!, row: wrong }, profile: alone }).some((c) => c.rule.includes(':swap:castOff:berth'))).toBe(false);
  });

  it('reads a group of two, level once the swap took a value from each column, from its other row', () => {
    // Each visit reported twice: the swap leaves each column's group one row against one, and the
    // visit's times, seen once each, are in no value list: only the contested group names them.
    const rows = visits(90, 2, [3, 5]);
    expect(swappedAt(rows, 30)).toMatchObject({ value: rows[30]!.moored, family: 'swap' });
  });
});

describe('a number the rest of the group holds outside the column\'s range', () => {
  it("does not carry another row's scale slip into a blank: a number the column holds nowhere else, in its range at a power of ten", () => {
    // Invented soundings: each berth sounded twice, its depth in metres between 8 and 15.
    const rows: SourceRecord[] = [];
    for (let berth = 0; berth < 120; berth++) {
      const depth = (8 + ((berth * 37) % 70) / 10).toFixed(1);
      for (let copy = 0; copy < 2; copy++) rows.push({ berth: `B-${300 + berth}`, depth });
    }
    const slipped = (Number(rows[11]!.depth) * 100).toFixed(0);
    rows[11] = { ...rows[11]!, depth: slipped };
    const row = { ...rows[10]!, depth: '' };
    const dirty = rows.map((r, i) => (i === 10 ? row : r));
    const candidates = candidatesFor({ issue: { issue_column: 'depth', current_value: '', row }, profile: buildProfile(dirty) });
    expect(candidates.map((c) => c.value)).not.toContain(slipped);
    // The same group's value within the column's range is carried as before.
    const kept = rows.map((r, i) => (i === 10 ? row : i === 11 ? { ...r, depth: '12.4' } : r));
    expect(candidatesFor({ issue: { issue_column: 'depth', current_value: '', row }, profile: buildProfile(kept) }).map((c) => c.value)).toContain('12.4');
    // So is a rare deep berth of its own, outside the usual range but at no power of ten from it.
    const deep = rows.map((r, i) => (i === 10 ? row : i === 11 ? { ...r, depth: '31.5' } : r));
    expect(candidatesFor({ issue: { issue_column: 'depth', current_value: '', row }, profile: buildProfile(deep) }).map((c) => c.value)).toContain('31.5');
  });
});

describe('a value the rest of the group holds with stray spaces', () => {
  it('carries it written without them: the spacing slipped in the row it was read in', () => {
    const rows = register();
    rows[11] = { ...rows[11]!, vessel: 'Tern  46 ' };
    const { candidates } = proposals(rows, 10, '');
    expect(candidates.map((c) => c.value)).toEqual(['Tern 46']);
  });
});

describe("what the rows of a name's first word say", () => {
  it("fills a blank country from the boats of the same yard, though the boat's own name is seen once", () => {
    // Invented boats named by yard and model ("Halvorsen Tern 32"), the yard's country beside it.
    const yards: Array<[string, string]> = [['Halvorsen', 'Norway'], ['Brixley', 'England'], ['Vantaa', 'Finland'], ['Duquesne', 'France']];
    const rows: SourceRecord[] = Array.from({ length: 160 }, (_, i) => {
      const [yard, country] = yards[i % yards.length]!;
      return { name: `${yard} ${['Tern', 'Gannet', 'Skua'][i % 3]} ${20 + i}`, country };
    });
    const row = { ...rows[9]!, country: '' };
    const profile = buildProfile(rows.map((r, i) => (i === 9 ? row : r)));
    const proposal = candidatesFor({ issue: { issue_column: 'country', current_value: '', row }, profile }).find((c) => c.rule === 'country:dependency:name:first-word');
    expect(proposal).toMatchObject({ value: 'England', family: 'dependency' });
    expect(proposal!.reason).toContain('Rows whose name starts with "Brixley" have country "England"');
    // A name of one word has no first word to look up.
    const lone = { name: 'Brixley', country: '' };
    expect(candidatesFor({ issue: { issue_column: 'country', current_value: '', row: lone }, profile }).some((c) => c.rule.endsWith(':first-word'))).toBe(false);
  });
});
