import { describe, expect, it } from 'vitest';
import { ClockVotes, findClock, readClock, writeClock, type ClockForm } from './clock';

const TWELVE: ClockForm = { twelve: true, pad: false, seconds: false, meridiem: ' a.m.' };
const TWENTY_FOUR: ClockForm = { twelve: false, pad: true, seconds: false, meridiem: '' };

describe('times of day', () => {
  it('reads 12- and 24-hour times with their form', () => {
    expect(readClock('7:10 a.m.')).toEqual({ time: { minutes: 430 }, form: { twelve: true, pad: false, seconds: false, meridiem: ' a.m.' } });
    expect(readClock('7:10PM')?.time.minutes).toBe(19 * 60 + 10);
    expect(readClock('7:10PM')?.form.meridiem).toBe('AM');
    expect(readClock('12:05 p.m.')?.time.minutes).toBe(12 * 60 + 5);
    expect(readClock('12:05 a.m.')?.time.minutes).toBe(5);
    expect(readClock('19:10:30')).toEqual({ time: { minutes: 1150, seconds: 30 }, form: { twelve: false, pad: undefined, seconds: true, meridiem: '' } });
    expect(readClock('07:10')?.form.pad).toBe(true);
    // Not on a clock, or not a time at all.
    for (const v of ['13:10 p.m.', '0:10 a.m.', '24:00', '7:75', '7.10', '1907', 'ferry 7:10']) expect(readClock(v)).toBeUndefined();
  });

  it('finds the time written beside a day, and nothing beside other words', () => {
    expect(findClock('Mar 7 7:10 a.m.')?.time.minutes).toBe(430);
    expect(findClock('7:10pm 03/07/1907')?.time.minutes).toBe(19 * 60 + 10);
    expect(findClock('7:10 a.m. EST')?.time.minutes).toBe(430);
    expect(findClock('7:10 p.m.Dec 1')?.time.minutes).toBe(19 * 60 + 10);
    expect(findClock('7:10 a.m. (Dec 1)')?.time.minutes).toBe(430);
    expect(findClock('Mar 7 19:10 (-05:00)')?.time.minutes).toBe(19 * 60 + 10);
    expect(findClock('ferry 7:10 a.m.')).toBeUndefined();
    // A digit too many after the minutes: no time, not the time without it.
    expect(findClock('3:157')).toBeUndefined();
    expect(findClock('Mar 7 7:105 a.m.')).toBeUndefined();
    expect(findClock('7:10 a.m. - 9:40 a.m.')).toBeUndefined();
  });

  it('writes a time the way a column writes its times, never dropping seconds', () => {
    expect(writeClock({ minutes: 19 * 60 + 10 }, TWELVE)).toBe('7:10 p.m.');
    expect(writeClock({ minutes: 5 }, TWELVE)).toBe('12:05 a.m.');
    expect(writeClock({ minutes: 430 }, { ...TWELVE, meridiem: 'AM' })).toBe('7:10AM');
    expect(writeClock({ minutes: 430 }, TWENTY_FOUR)).toBe('07:10');
    expect(writeClock({ minutes: 430 }, { ...TWENTY_FOUR, seconds: true })).toBe('07:10:00');
    expect(writeClock({ minutes: 430, seconds: 30 }, TWENTY_FOUR)).toBeUndefined();
    expect(writeClock({ minutes: 430, seconds: 0 }, TWENTY_FOUR)).toBe('07:10');
  });

  it("takes a column's form from most of its times, padding from the hours below ten", () => {
    const votes = new ClockVotes();
    votes.add('7:10 a.m.', 5);
    votes.add('11:40 p.m.', 4);
    votes.add('7:10am', 1);
    votes.add('ferry', 1);
    expect(votes.form(11)).toEqual(TWELVE);
    // Half the values or more must be times, and half of those written one way.
    expect(votes.form(30)).toBeUndefined();
    const mixed = new ClockVotes();
    mixed.add('7:10 a.m.', 3);
    mixed.add('7:10am', 3);
    mixed.add('07:10', 3);
    expect(mixed.form(9)).toBeUndefined();
    // A 24-hour column whose hours all have two digits pads.
    const late = new ClockVotes();
    late.add('19:10', 4);
    late.add('22:45', 4);
    expect(late.form(8)).toEqual(TWENTY_FOUR);
  });

  it('takes the writing a second system put in capitals as well as the column\'s, meridiem outside capitals', () => {
    // No one writing holds half a ferry timetable's times: its own, the same in capitals, a third.
    const votes = new ClockVotes();
    votes.add('7:10 p.m.', 8);
    votes.add('7:10 P.M.', 9);
    votes.add('7:10 PM', 5);
    expect(votes.form(22)).toEqual({ ...TWELVE, meridiem: ' a.m.' });
    // Capitals alone say nothing of the case they were written from.
    const capitals = new ClockVotes();
    capitals.add('7:10 P.M.', 9);
    capitals.add('7:10 PM', 9);
    capitals.add('7:10pm', 4);
    expect(capitals.form(22)).toBeUndefined();
  });

  it("says whether a 12-hour column's times without a meridiem are a padded 24-hour clock's", () => {
    // A second feed wrote part of a ferry timetable on a 24-hour clock that pads its hours.
    const feed = new ClockVotes();
    feed.add('7:10 a.m.', 20);
    feed.add('07:40', 8);
    feed.add('19:10', 3);
    expect(feed.form(31)).toEqual({ ...TWELVE, barePadded: true });
    // An hour without its zero among them is a slip; more than a quarter as many as the padded
    // ones, 12-hour times that lost their meridiem.
    feed.add('8:25', 2);
    expect(feed.form(33)?.barePadded).toBe(true);
    feed.add('9:55', 1);
    expect(feed.form(34)?.barePadded).toBeUndefined();
    // Too few to tell, and never on a 24-hour clock, which writes none with a meridiem.
    const few = new ClockVotes();
    few.add('7:10 a.m.', 12);
    few.add('07:40', 2);
    expect(few.form(14)).toEqual(TWELVE);
    const late = new ClockVotes();
    late.add('19:10', 6);
    late.add('07:10', 6);
    expect(late.form(12)).toEqual(TWENTY_FOUR);
  });
});
