import { describe, expect, it } from 'vitest';
import { buildProfile } from './build-profile';
import { classKeyFor } from './value-class';

describe('classes of values for the relations between columns', () => {
  it('classes a time of day by the time it names in a column of times, other values by case and spacing', () => {
    const clock = classKeyFor({ clock: { twelve: true, pad: false, seconds: false, meridiem: ' a.m.' } });
    expect(new Set(['5:17 p.m.', '5:17 PM', '17:17', 'Mar 3 5:17 p.m.', '5:17pm'].map(clock)).size).toBe(1);
    expect(clock('5:17 p.m.')).not.toBe(clock('5:17 a.m.'));
    expect(clock('5:17 p.m.')).not.toBe(clock('5:18 p.m.'));
    const plain = classKeyFor({});
    expect(plain('  Main  Hall ')).toBe(plain('MAIN HALL'));
    expect(plain('Main Hall')).not.toBe(plain('Main Hal'));
    // Outside a column of times a time is text: a date-time keeps its day.
    expect(plain('2031-03-05 17:17')).not.toBe(plain('2031-03-06 17:17'));
    // In a column of dates, a day however it is written; one that reads both ways, in the column's order.
    const day = classKeyFor({ dateLayout: 'DD/MM/YYYY' });
    expect(new Set(['2031-03-05', '05/03/2031', '05.03.2031', '5 Mar 2031'].map(day)).size).toBe(1);
    expect(day('05/03/2031')).not.toBe(day('03/05/2031'));
    expect(day('2031-03-05 17:17')).not.toBe(day('2031-03-05 17:18'));
  });

  it('classes times by the time they name where no one way of writing them is most of the column', () => {
    // Invented ferry times: the quay writes "5:17 p.m.", the office "5:17pm", the board "17:17",
    // each a third of the rows, so the column keeps no one clock form.
    const time = (n: number) => `${1 + (n % 12)}:${String((n * 7) % 60).padStart(2, '0')} p.m.`;
    const rows = Array.from({ length: 90 }, (_, i) => {
      const n = Math.floor(i / 3);
      const [h, m] = time(n).split(/[: ]/);
      return { ferry: `Tern ${n}`, sails: i % 3 === 0 ? time(n) : i % 3 === 1 ? time(n).replace(' p.m.', 'pm') : `${(Number(h) % 12) + 12}:${m}` };
    });
    const sails = buildProfile(rows).columns.find((c) => c.name === 'sails')!;
    expect(sails.clock).toBeUndefined();
    expect(sails.timesOfDay).toBe(true);
    const key = classKeyFor(sails);
    expect(new Set([rows[0]!.sails, rows[1]!.sails, rows[2]!.sails].map(key)).size).toBe(1);
  });

  it("counts one value written several ways as one: a ferry's group agrees though its feeds write times differently", () => {
    // An invented ferry timetable from three feeds; the board writes times on a 24-hour clock,
    // the quay and the office on a 12-hour one. Each ferry sails at one time.
    const rows = [];
    for (let ferry = 0; ferry < 40; ferry++) {
      const minutes = 6 * 60 + ferry * 17;
      const h = Math.floor(minutes / 60);
      const twelve = `${h % 12 === 0 ? 12 : h % 12}:${String(minutes % 60).padStart(2, '0')} ${h < 12 ? 'a' : 'p'}.m.`;
      const board = `${String(h).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      rows.push({ ferry: `Tern ${ferry}`, sails: twelve, feed: 'quay' }, { ferry: `Tern ${ferry}`, sails: twelve, feed: 'office' }, { ferry: `Tern ${ferry}`, sails: board, feed: 'board' });
    }
    const profile = buildProfile(rows);
    const relation = profile.dependencies.find((d) => d.from === 'ferry' && d.to === 'sails')!;
    expect(relation.strength).toBe(1);
    // Each group proposes the column's commonest spelling (the 12-hour clock).
    const sails = profile.columns.find((c) => c.name === 'sails')!;
    for (const [, to] of relation.mappings) expect(sails.values[to]![0]).toMatch(/[ap]\.m\.$/);
  });

  it("proposes a class in the column's usual shape, though more of its rows wrote it another way", () => {
    // Most ferries' times are written on a 12-hour clock; three feeds wrote one ferry's time on a 24-hour clock, two on the 12-hour one.
    const rows = [];
    for (let ferry = 0; ferry < 30; ferry++) {
      const minutes = 13 * 60 + ferry * 7;
      const h = Math.floor(minutes / 60);
      const twelve = `${h % 12 === 0 ? 12 : h % 12}:${String(minutes % 60).padStart(2, '0')} p.m.`;
      for (const feed of ['quay', 'office', 'board']) rows.push({ ferry: `Tern ${ferry}`, sails: twelve, feed });
    }
    for (const feed of ['quay', 'office', 'harbour']) rows.push({ ferry: 'Gannet 1', sails: '06:15', feed });
    for (const feed of ['board', 'app']) rows.push({ ferry: 'Gannet 1', sails: '6:15 a.m.', feed });
    const profile = buildProfile(rows);
    const relation = profile.dependencies.find((d) => d.from === 'ferry' && d.to === 'sails')!;
    const ferry = profile.columns.find((c) => c.name === 'ferry')!;
    const sails = profile.columns.find((c) => c.name === 'sails')!;
    const gannet = relation.mappings.find(([from]) => ferry.values[from]![0] === 'Gannet 1')!;
    expect(sails.values[gannet[1]]![0]).toBe('6:15 a.m.');
  });
});
