import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../demo/random';
import { buildProfile } from '../../profile/build-profile';
import type { SourceRecord } from '../provider';
import { candidatesFor, suggestBuiltin } from './builtin-provider';
import { weightedAgreement } from './dependency';

// An invented ferry timetable reported by five feeds. Each ferry sails at one time; the quay, the
// office and the harbour master report it nearly always right, the board and the app often give
// another ferry's time. The board writes times on a 24-hour clock, the others on a 12-hour one.
const twelve = (m: number) => `${Math.floor(m / 60) % 12 === 0 ? 12 : Math.floor(m / 60) % 12}:${String(m % 60).padStart(2, '0')} ${m < 720 ? 'a' : 'p'}.m.`;
const board = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const sails = (ferry: number) => 5 * 60 + ((ferry * 37) % (17 * 60));

function timetable(): SourceRecord[] {
  const draw = mulberry32(5);
  const rows: SourceRecord[] = [];
  for (let ferry = 0; ferry < 60; ferry++) {
    for (const [feed, careless] of [['quay', 0.02], ['office', 0.05], ['harbour-master', 0.05], ['board', 0.4], ['app', 0.4]] as const) {
      const minutes = draw() < careless ? sails((ferry + 1 + Math.floor(draw() * 58)) % 60) : sails(ferry);
      rows.push({ ferry: `Tern ${ferry}`, sails: feed === 'board' ? board(minutes) : twelve(minutes), feed });
    }
  }
  return rows;
}

describe("a source's own layout and its record", () => {
  const rows = timetable();
  const profile = buildProfile(rows);
  const ask = (row: SourceRecord) => suggestBuiltin({ issue: { issue_column: 'sails', current_value: row.sails ?? '', row }, profile });

  it("finds the feeds and trusts the careful ones more, though the board writes every time its own way", () => {
    const trust = new Map(profile.sourceTrust!.sources.map(([name, accuracy]) => [name, accuracy]));
    expect(profile.sourceTrust!.column).toBe('feed');
    expect(trust.get('quay')!).toBeGreaterThan(trust.get('board')! + 0.2);
  });

  it("gives a careless feed's wrong time, written its own way, the time the other feeds agree on", () => {
    const wrong = rows.filter((r) => r.feed === 'board' && r.sails !== board(sails(Number(r.ferry!.slice(5)))));
    expect(wrong.length).toBeGreaterThan(10);
    let right = 0;
    for (const row of wrong) {
      const r = ask(row);
      if (r.kind === 'suggestion' && r.suggestedValue === twelve(sails(Number(row.ferry!.slice(5))))) right++;
      // Never the board's wrong time in the column's layout, stated as near certain.
      if (r.kind === 'suggestion' && r.suggestedValue !== twelve(sails(Number(row.ferry!.slice(5))))) expect(r.confidence).toBeLessThan(90);
    }
    expect(right).toBeGreaterThan(wrong.length * 0.8);
  });

  it("writes a careless feed's right time in the column's layout", () => {
    const fine = rows.filter((r) => r.feed === 'board' && r.sails === board(sails(Number(r.ferry!.slice(5)))));
    for (const row of fine.slice(0, 20)) expect(ask(row)).toMatchObject({ kind: 'suggestion', suggestedValue: twelve(sails(Number(row.ferry!.slice(5)))) });
  });
});

describe('many sources', () => {
  // Thirty feeds report each ferry's time, six to ten of them per ferry; the first ten are careful.
  function manyFeeds(column: string): SourceRecord[] {
    const draw = mulberry32(8);
    const rows: SourceRecord[] = [];
    for (let ferry = 0; ferry < 80; ferry++) {
      const feeds = Array.from({ length: 30 }, (_, i) => i).sort(() => draw() - 0.5).slice(0, 6 + Math.floor(draw() * 5));
      for (const f of feeds) {
        const careless = f < 10 ? 0.03 : 0.35;
        const minutes = draw() < careless ? sails((ferry + 1 + Math.floor(draw() * 78)) % 80) : sails(ferry);
        rows.push({ ferry: `Tern ${ferry}`, sails: twelve(minutes), [column]: `feed-${f}` });
      }
    }
    return rows;
  }

  it('finds a source column of thirty values where its header calls it a source, and trusts its careful feeds more', () => {
    const trust = buildProfile(manyFeeds('src')).sourceTrust!;
    expect(trust.column).toBe('src');
    expect(trust.sources).toHaveLength(30);
    const accuracy = new Map(trust.sources.map(([name, a]) => [name, a]));
    const mean = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => accuracy.get(`feed-${from + i}`)!).reduce((x, y) => x + y) / (to - from);
    expect(mean(0, 10)).toBeGreaterThan(mean(10, 30) + 0.15);
  });

  it('takes no column of more than twelve values for a source unless its header says so', () => {
    expect(buildProfile(manyFeeds('harbour')).sourceTrust).toBeUndefined();
  });
});

describe('a source column no header names', () => {
  // The timetable's feeds in a column headed "office": a source only over enough ferries for its
  // spread to say so. Over a few dozen entities a category (a phase, an island) spreads so by chance.
  const asOffices = (rows: SourceRecord[]) => rows.map(({ feed, ...r }) => ({ ...r, office: feed! }));
  const ferries = (rows: SourceRecord[], n: number) => rows.filter((r) => Number(r.ferry!.slice(5)) < n);

  it('is read as the source over sixty ferries', () => {
    expect(buildProfile(asOffices(timetable())).sourceTrust?.column).toBe('office');
  });

  it('is not over twenty, where a column headed as a source still is', () => {
    expect(buildProfile(asOffices(ferries(timetable(), 20))).sourceTrust).toBeUndefined();
    expect(buildProfile(ferries(timetable(), 20)).sourceTrust?.column).toBe('feed');
  });
});

describe("a group's weighted vote", () => {
  it("names the value the trusted rows agree on against a careless feed's", () => {
    // Ferry Tern 3 reported by all five feeds of the timetable, the board's time wrong.
    const rows = timetable().filter((r) => r.ferry !== 'Tern 3');
    const right = twelve(sails(3));
    for (const feed of ['quay', 'office', 'harbour-master', 'app']) rows.push({ ferry: 'Tern 3', sails: right, feed });
    const failed = { ferry: 'Tern 3', sails: board(sails(40)), feed: 'board' };
    rows.push(failed);
    const profile = buildProfile(rows);
    const vote = candidatesFor({ issue: { issue_column: 'sails', current_value: failed.sails, row: failed }, profile }).find((c) => c.rule === 'sails:dependency:ferry');
    expect(vote).toMatchObject({ value: right });
  });

  it('reads the weights as log-odds: heavy agreeing rows make the lead near certain, light ones keep their share', () => {
    // Four rows of weight 2 (sources right 88 % of the time) against one of weight 1.
    expect(weightedAgreement(8, 9)).toBeGreaterThan(0.98);
    expect((8 + 0.5) / (9 + 1)).toBeLessThan(0.86);
    // Light rows (sources hardly better than chance) say little: the share stands.
    expect(weightedAgreement(0.3, 0.4)).toBeCloseTo((0.3 + 0.5) / (0.4 + 1), 6);
    // Never certain.
    expect(weightedAgreement(40, 40)).toBeLessThanOrEqual(0.99);
  });
});
