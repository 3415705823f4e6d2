import { buildProfile } from './build-profile';
import { readDashedDayFirst, readDate, splitTime, styleFromKey, styleKey, styleOf, timeForm, timeInForm, validTime, withEnglishMonth, writeDate } from './dates';

describe('dates as a column writes them', () => {
  it('splits a time of day from its date and checks it against a clock', () => {
    expect(splitTime('2031/05/07 21:40')).toEqual({ date: '2031/05/07', time: ' 21:40' });
    expect(splitTime('2031-05-07T21:40:12Z')).toEqual({ date: '2031-05-07', time: 'T21:40:12Z' });
    expect(splitTime('2031-05-07')).toEqual({ date: '2031-05-07', time: '' });
    expect(validTime(' 21:40')).toBe(true);
    expect(validTime(' 24:10')).toBe(false);
    expect(validTime(' 07:61')).toBe(false);
    expect(validTime('')).toBe(true);
  });

  it('tells which traits a date shows, leaving out those it cannot show', () => {
    expect(styleOf('Sep 04 2031')).toEqual({ comma: false, dashes: false, fullMonth: false, padDay: true, time: '' });
    // A day of two digits shows no padding; "May" shows no choice between short and full names.
    expect(styleOf('May 14, 2031')).toEqual({ comma: true, dashes: false, time: '' });
    expect(styleOf('4-October-2031')).toEqual({ comma: false, dashes: true, fullMonth: true, padDay: false, time: '' });
    expect(styleOf('2031/05/07 21:40').time).toBe(' dd:dd');
  });

  it('writes a date in its layout the way a style says, and without a style as before', () => {
    const [reading] = readDate('2031-09-04');
    const date = reading!.date;
    expect(writeDate(date, 'MMM D, YYYY')).toBe('Sep 4, 2031');
    const style = { comma: false, fullMonth: false, padDay: true, dashes: false, time: '' };
    expect(writeDate(date, 'MMM D, YYYY', style)).toBe('Sep 04 2031');
    expect(writeDate(date, 'D MMM YYYY', { ...style, padDay: false, fullMonth: true, dashes: true })).toBe('4-September-2031');
    expect(styleFromKey(styleKey({ ...style, time: ' dd:dd' }))).toEqual({ ...style, time: ' dd:dd' });
  });

  it('keeps, per column, the style most of its dates that show a trait write', () => {
    // Invented launch dates: short month names, padded days, no comma; a few written otherwise.
    const months = ['Jan', 'Mar', 'May', 'Aug', 'Oct', 'Dec'];
    const rows = Array.from({ length: 120 }, (_, i) => {
      const day = 1 + ((i * 5) % 28);
      const written = i % 10 === 3 ? `${months[i % 6]} ${day}, ${2001 + (i % 20)}` : `${months[i % 6]} ${String(day).padStart(2, '0')} ${2001 + (i % 20)}`;
      return { launched: written };
    });
    const [col] = buildProfile(rows).columns;
    expect(col!.dateLayout).toBe('MMM D, YYYY');
    expect(col!.dateStyle).toEqual({ comma: false, fullMonth: false, padDay: true, dashes: false, time: '' });
    // Date-times: the time of day's form is part of the style.
    const stamped = Array.from({ length: 60 }, (_, i) => ({ at: `2031/0${1 + (i % 9)}/1${i % 10} ${String(i % 24).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')}` }));
    expect(buildProfile(stamped).columns[0]!.dateStyle?.time).toBe(' dd:dd');
  });

  it.each([
    [' 12:30:00', ' dd:dd', ' 12:30', true],
    ['T12:30', ' dd:dd', ' 12:30', true],
    ['T12:30Z', 'Tdd:dd:ddZ', 'T12:30:00Z', true],
    ['T12:30:00+00:00', 'Tdd:dd:ddZ', 'T12:30:00Z', true],
    ['T12:30:00.000Z', 'Tdd:dd:ddZ', 'T12:30:00Z', true],
    ['T12:30:00+0200', 'Tdd:dd:dd+dd:dd', 'T12:30:00+02:00', true],
    ['T12:30:00Z', 'Tdd:dd:dd+dd:dd', 'T12:30:00+00:00', true],
    // Between a 24-hour and a 12-hour clock, both ways, in the column's spelling of the meridiem.
    [' 17:05', ' h:dd AM', ' 5:05 PM', true],
    [' 00:15', ' h:dd AM', ' 12:15 AM', true],
    [' 05:07', ' h:dd a.m.', ' 5:07 a.m.', true],
    [' 5:07 PM', ' dd:dd', ' 17:07', true],
    [' 12:15 am', ' dd:dd', ' 00:15', true],
    // A zone added or dropped: a time written without one may be a local time.
    [' 12:30:00', 'Tdd:dd:ddZ', 'T12:30:00Z', false],
    ['T12:30:00Z', ' dd:dd', ' 12:30', false],
  ])('writes the time %j in the form %j as %j (sure: %s)', (time, form, written, sure) => {
    expect(timeInForm(time, form)).toEqual({ time: written, sure });
  });

  it.each([
    [' 12:30:15', ' dd:dd'],
    ['T12:30:00.250Z', 'Tdd:dd:ddZ'],
    ['T12:30:00+02:00', 'Tdd:dd:ddZ'],
    [' 7:05', ' dd:dd'],
    // A morning hour, unpadded, without its meridiem may be an afternoon one that lost it.
    [' 5:07', ' h:dd AM'],
    [' 13:07 PM', ' dd:dd'],
  ])('refuses to write the time %j in the form %j: it would lose or guess something', (time, form) => {
    expect(timeInForm(time, form)).toBeUndefined();
  });

  it('reads a date with a 12-hour time, whose form keeps how the clock is written, not which hour', () => {
    expect(splitTime('5/7/2031 12:30 PM')).toEqual({ date: '5/7/2031', time: ' 12:30 PM' });
    expect(timeForm(' 12:30 PM')).toBe(timeForm(' 9:05 AM'));
    expect(timeForm(' 9:05 a.m.')).toBe(' h:dd a.m.');
    expect(validTime(' 12:30 PM')).toBe(true);
    expect(validTime(' 13:30 PM')).toBe(false);
    const profile = buildProfile(Array.from({ length: 40 }, (_, i) => ({ at: `${1 + (i % 12)}/${1 + (i % 28)}/2031 ${1 + (i % 12)}:${String(i % 60).padStart(2, '0')} ${i % 2 ? 'PM' : 'AM'}` })));
    expect(profile.columns[0]).toMatchObject({ type: 'date', dateLayout: 'M/D/YYYY', dateStyle: { time: ' h:dd AM' } });
  });
});


describe('dates written the way other countries write them', () => {
  it('reads a month named in another language, and only a month', () => {
    expect(withEnglishMonth('5. März 2031')).toBe('5 Mar 2031');
    expect(withEnglishMonth('5 de marzo de 2031')).toBe('5 Mar 2031');
    // As Finnish and Polish write a month after a day.
    expect(withEnglishMonth('5 marraskuuta 2031')).toBe('5 Nov 2031');
    expect(withEnglishMonth('5 marca 2031')).toBe('5 Mar 2031');
    expect(withEnglishMonth('12 août 2031')).toBe('12 Aug 2031');
    expect(readDate(withEnglishMonth('5 déc. 2031')!)).toEqual([{ layout: 'D MMM YYYY', date: { year: 2031, month: 12, day: 5 } }]);
    expect(withEnglishMonth('5 Mar 2031')).toBeUndefined();
    expect(withEnglishMonth('Varnholm pier 5')).toBeUndefined();
  });

  it('reads a date with dashes day first, where it is one', () => {
    expect(readDashedDayFirst('25-03-2031')).toEqual({ year: 2031, month: 3, day: 25 });
    expect(readDashedDayFirst('05-03-2031 07:30')).toEqual({ year: 2031, month: 3, day: 5 });
    expect(readDashedDayFirst('03-25-2031')).toBeUndefined();
    expect(readDashedDayFirst('2031-03-05')).toBeUndefined();
  });
});
