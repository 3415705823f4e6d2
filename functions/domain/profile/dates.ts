import { EXPORT_LANGUAGES, nameKey } from './values';

// Dates as data files write them. A column's dominant layout is learned by the profile; the
// builtin provider rewrites an odd date into that layout. Ambiguous day/month orders are settled
// by the values that only one reading accepts (a 13th "month" means day first).

export type DateLayout = 'YYYY-MM-DD' | 'YYYY/MM/DD' | 'MM/DD/YYYY' | 'M/D/YYYY' | 'DD/MM/YYYY' | 'DD.MM.YYYY' | 'MM-DD-YYYY' | 'MMM D, YYYY' | 'D MMM YYYY';

export const DATE_LAYOUTS: readonly DateLayout[] = ['YYYY-MM-DD', 'YYYY/MM/DD', 'MM/DD/YYYY', 'M/D/YYYY', 'DD/MM/YYYY', 'DD.MM.YYYY', 'MM-DD-YYYY', 'MMM D, YYYY', 'D MMM YYYY'];

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH_FULL = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function valid(year: number, month: number, day: number): CalendarDate | undefined {
  if (year < 1000 || year > 2999 || month < 1 || month > 12 || day < 1) return undefined;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= last ? { year, month, day } : undefined;
}

let foreignMonths: Map<string, number> | undefined;


/**
 * Month names (full, short, and as written after a day: "maaliskuuta", "marca") in the runtime's
 * Unicode data for EXPORT_LANGUAGES; a name two languages give to different months is left out.
 */
function monthNames(): Map<string, number> {
  if (foreignMonths) return foreignMonths;
  const found = new Map<string, number>();
  const clash = new Set<string>();
  for (const locale of EXPORT_LANGUAGES) {
    const forms: Intl.DateTimeFormatOptions[] = [{ month: 'long' }, { month: 'short' }, { day: 'numeric', month: 'long' }, { day: 'numeric', month: 'short' }];
    for (const options of forms) {
      let format: Intl.DateTimeFormat;
      try {
        format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
      } catch {
        continue;
      }
      for (let month = 1; month <= 12; month++) {
        const name = format.formatToParts(new Date(Date.UTC(2000, month - 1, 15))).find((part) => part.type === 'month')?.value;
        if (!name || /\d/.test(name)) continue;
        const key = nameKey(name);
        if (found.has(key) && found.get(key) !== month) clash.add(key);
        found.set(key, month);
      }
    }
  }
  for (const key of clash) found.delete(key);
  foreignMonths = found;
  return found;
}

/**
 * A date with its month named in another language ("5. März 2031", "5 de marzo de 2031") written
 * with the English short name ("5 Mar 2031"), as readDate reads dates; undefined where no word is
 * another language's month name.
 */
export function withEnglishMonth(raw: string): string | undefined {
  const names = monthNames();
  let changed = false;
  const text = raw
    .trim()
    .replace(/^(\d{1,2})\.(?=\s*\p{L})/u, '$1')
    .replace(/\s+(?:de|del)\s+/giu, ' ')
    .replace(/\p{L}+\.?/gu, (word) => {
      const month = names.get(nameKey(word));
      if (month === undefined || word.replace(/\.$/, '').toLowerCase() === MONTH_NAMES[month - 1]!.toLowerCase()) return word;
      changed = true;
      return MONTH_NAMES[month - 1]!;
    });
  return changed ? text : undefined;
}

/** The month (1-12) a word names, in English or another export language, full or short ("Mar", "März", "marzo"); undefined for any other word. */
export function monthOfName(word: string): number | undefined {
  const text = word.trim();
  if (!/^\p{L}+\.?$/u.test(text)) return undefined;
  const english = MONTH_FULL.findIndex((full) => nameKey(text) === full.toLowerCase() || nameKey(text) === full.slice(0, 3).toLowerCase() || (full === 'September' && nameKey(text) === 'sept'));
  return english >= 0 ? english + 1 : monthNames().get(nameKey(text));
}

/** A month's English name, full ("March") or short ("Mar"). */
export function englishMonth(month: number, full: boolean): string {
  return (full ? MONTH_FULL : MONTH_NAMES)[month - 1]!;
}

function monthOf(name: string): number {
  return MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
}

/** A time of day after a date ("2023-04-09 08:30", "2023-04-09T08:30:00Z"). */
// A time of day after a date: 24-hour, or 12-hour with its meridiem ("5/7/2023 12:30 PM").
const TIME = /[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:\s?[AaPp]\.?[Mm]\.?|Z|[+-]\d{2}:?\d{2})?$/;
const MERIDIEM_TIME = /^([T ])(\d{1,2})(:\d{2}(?::\d{2})?)(\s?)([AaPp])(\.?)([Mm])(\.?)$/;

/** A date-time as its date and its time of day (with the character before it; "" without one). */
export function splitTime(raw: string): { date: string; time: string } {
  const v = raw.trim();
  const m = TIME.exec(v);
  return m ? { date: v.slice(0, m.index), time: m[0] } : { date: v, time: '' };
}

/** The form of a time of day, digits masked (" dd:dd", "Tdd:dd:ddZ"; "" for none). */
export function timeForm(time: string): string {
  // On a 12-hour clock the hour's digits and the meridiem vary from value to value: the form keeps
  // only how they are written (" h:dd AM" for " 9:05 PM" and " 12:30 AM", " h:dd a.m." for " 7:10 p.m.").
  const m = MERIDIEM_TIME.exec(time);
  if (!m) return time.replace(/\d/g, 'd');
  const [, separator, , rest, gap, a, dot, mm, end] = m;
  return `${separator}h${rest!.replace(/\d/g, 'd')}${gap}${a === a!.toUpperCase() ? 'A' : 'a'}${dot}${mm === mm!.toUpperCase() ? 'M' : 'm'}${end}`;
}

/** A time of day that exists on a clock (hours below 24, minutes and seconds below 60), or none. */
export function validTime(time: string): boolean {
  const m = /^[T ](\d{1,2}):(\d{2})(?::(\d{2}))?/.exec(time);
  if (!m) return time === '';
  // A 12-hour clock counts from 1 to 12.
  const hours = MERIDIEM_TIME.test(time) ? +m[1]! >= 1 && +m[1]! <= 12 : +m[1]! < 24;
  return hours && +m[2]! < 60 && (m[3] === undefined || +m[3] < 60);
}

const TIME_PARTS = /^([T ])(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(\s?[AaPp]\.?[Mm]\.?)?(Z|[+-]\d{2}:?\d{2})?$/;
const FORM_PARTS = /^([T ])(h|d{1,2}):dd(:dd(?:\.(d+))?)?(\s?[Aa]\.?[Mm]\.?)?(Z|[+-]dd:?dd)?$/;
const UTC = /^(?:Z|[+-]00:?00)$/;

/**
 * A time of day after a date, written in a column's time form (timeForm: "Tdd:dd:ddZ", " dd:dd",
 * " h:dd AM") where nothing is lost: seconds or a fraction that are not zero are kept or refused,
 * a UTC mark ("Z", "+00:00") is written as the column writes it, another offset is refused, a
 * 12-hour time is written on a 24-hour clock and back. Refused too: an hour short of the column's
 * digits ("7:05" among "07:05" may have lost one) and, for a 12-hour column, a morning hour
 * written without a meridiem and unpadded ("5:07" may be a 12-hour time that lost its "PM").
 * `sure` is false where a zone is added or dropped: a time written without one may be a local time.
 */
export function timeInForm(time: string, form: string): { time: string; sure: boolean } | undefined {
  const t = TIME_PARTS.exec(time);
  const f = FORM_PARTS.exec(form);
  if (!t || !f) return undefined;
  const [, , hour, minute, second, fraction, meridiem, zone] = t;
  const [, separator, hourForm, secondsForm, fractionForm, meridiemForm, zoneForm] = f;
  const hasSeconds = secondsForm !== undefined;
  if (!hasSeconds && Number(second ?? 0) !== 0) return undefined;
  if ((fractionForm === undefined || !hasSeconds) && /[1-9]/.test(fraction ?? '')) return undefined;
  if (fractionForm !== undefined && (fraction ?? '').replace(/0+$/, '').length > fractionForm.length) return undefined;
  let sure = true;
  let mark = '';
  if (zoneForm === undefined) {
    if (zone !== undefined && !UTC.test(zone)) return undefined;
    sure = zone === undefined;
  } else if (zone === undefined) {
    if (zoneForm !== 'Z') return undefined;
    sure = false;
    mark = 'Z';
  } else if (zoneForm === 'Z') {
    if (!UTC.test(zone)) return undefined;
    mark = 'Z';
  } else {
    // A numeric offset: written with the column's colon, the offset itself kept ("Z" is +00:00).
    const digits = zone === 'Z' ? '+0000' : zone.replace(':', '');
    mark = zoneForm.includes(':') ? `${digits.slice(0, 3)}:${digits.slice(3)}` : digits;
  }
  const h = Number(hour);
  let hours24: number;
  if (meridiem !== undefined) {
    if (h < 1 || h > 12) return undefined;
    hours24 = (h % 12) + (/p/i.test(meridiem) ? 12 : 0);
  } else {
    if (meridiemForm === undefined && hourForm!.length === 2 && hour!.length === 1) return undefined;
    if (meridiemForm !== undefined && h >= 1 && h < 12 && hour!.length === 1) return undefined;
    hours24 = h;
  }
  if (hours24 > 23) return undefined;
  let hh: string;
  let ampm = '';
  if (meridiemForm !== undefined) {
    hh = String(hours24 % 12 || 12);
    const [letter, rest] = [meridiemForm.trim()[0]!, meridiemForm.trim().slice(1)];
    const pm = hours24 >= 12;
    ampm = `${/^\s/.test(meridiemForm) ? ' ' : ''}${letter === 'A' ? (pm ? 'P' : 'A') : pm ? 'p' : 'a'}${rest}`;
  } else {
    // On a 24-hour clock: padded as the column pads; unpadded, as written unless read off a 12-hour one.
    hh = hourForm!.length === 2 ? String(hours24).padStart(2, '0') : meridiem !== undefined ? String(hours24) : hour!;
  }
  const seconds = hasSeconds ? `:${(second ?? '00').padStart(2, '0')}${fractionForm !== undefined ? `.${(fraction ?? '').padEnd(fractionForm.length, '0').slice(0, fractionForm.length)}` : ''}` : '';
  return { time: `${separator}${hh}:${minute}${seconds}${ampm}${mark}`, sure };
}

/** A time of day that is midnight to the second (" 00:00", "T00:00:00Z"): no information. */
export function isMidnight(time: string): boolean {
  return /^[T ]0?0:00(?::00(?:\.0+)?)?(?:Z|[+-]00:?00)?$/.test(time);
}

/**
 * How a column writes its dates beyond their layout: a comma after the day and a full month name
 * ("September 4, 2031" or "Sep 04 2031"), days with a leading zero in layouts that name the month, dashes
 * between day, month and year ("4-Sep-2031"), and the form of the time of day after the date.
 */
export interface DateStyle {
  comma: boolean;
  fullMonth: boolean;
  padDay: boolean;
  dashes: boolean;
  /** timeForm of the time written after the date ("" when the column writes dates alone). */
  time: string;
}

/** A style as one date shows it: a day of two digits shows no padding, "May" no choice of month name. */
export type ShownStyle = Omit<DateStyle, 'fullMonth' | 'padDay'> & Partial<Pick<DateStyle, 'fullMonth' | 'padDay'>>;

/** The style of a date as written (a text that reads in some layout), leaving out what it cannot show. */
export function styleOf(raw: string): ShownStyle {
  const { date, time } = splitTime(raw);
  const style: ShownStyle = { comma: date.includes(','), dashes: /\d-[A-Za-z]/.test(date), time: timeForm(time) };
  const month = /[A-Za-z]{3,9}/.exec(date)?.[0];
  const number = month ? monthOf(month) : 0;
  if (number > 0 && MONTH_FULL[number - 1] !== MONTH_NAMES[number - 1]) style.fullMonth = month!.length > 3;
  const day = month ? /(?:^|\s)(\d{1,2})(?=\D|$)/.exec(date)?.[1] : undefined;
  if (day !== undefined && Number(day) < 10) style.padDay = day.length === 2;
  return style;
}

/** A style in a few characters (a learned rule's parameter): its traits' initials, then its time form. */
export function styleKey(style: DateStyle): string {
  return `${style.comma ? 'c' : ''}${style.fullMonth ? 'f' : ''}${style.padDay ? 'p' : ''}${style.dashes ? 'd' : ''}:${style.time}`;
}

/** The style a styleKey wrote. */
export function styleFromKey(key: string): DateStyle {
  const at = key.indexOf(':');
  const traits = key.slice(0, Math.max(0, at));
  return { comma: traits.includes('c'), fullMonth: traits.includes('f'), padDay: traits.includes('p'), dashes: traits.includes('d'), time: at < 0 ? '' : key.slice(at + 1) };
}

/** Every layout the text can be read in, with the date each reading gives. */
export function readDate(raw: string): Array<{ layout: DateLayout; date: CalendarDate }> {
  const v = splitTime(raw).date;
  const found: Array<{ layout: DateLayout; date: CalendarDate }> = [];
  const add = (layout: DateLayout, d: CalendarDate | undefined) => {
    if (d) found.push({ layout, date: d });
  };
  let m = /^(\d{4})([-/])(\d{1,2})\2(\d{1,2})$/.exec(v);
  if (m) add(m[2] === '-' ? 'YYYY-MM-DD' : 'YYYY/MM/DD', valid(+m[1]!, +m[3]!, +m[4]!));
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
  if (m) {
    const padded = m[1]!.length === 2 && m[2]!.length === 2;
    add(padded ? 'MM/DD/YYYY' : 'M/D/YYYY', valid(+m[3]!, +m[1]!, +m[2]!));
    add('DD/MM/YYYY', valid(+m[3]!, +m[2]!, +m[1]!));
  }
  m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(v);
  if (m) add('DD.MM.YYYY', valid(+m[3]!, +m[2]!, +m[1]!));
  m = /^(\d{1,2})-(\d{1,2})-(\d{4})$/.exec(v);
  if (m) add('MM-DD-YYYY', valid(+m[3]!, +m[1]!, +m[2]!));
  m = /^([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})$/.exec(v);
  if (m && monthOf(m[1]!) > 0) add('MMM D, YYYY', valid(+m[3]!, monthOf(m[1]!), +m[2]!));
  m = /^(\d{1,2})[\s-]+([A-Za-z]{3,9})\.?[\s-]+(\d{4})$/.exec(v);
  if (m && monthOf(m[2]!) > 0) add('D MMM YYYY', valid(+m[3]!, monthOf(m[2]!), +m[1]!));
  return found;
}

/** Whether two readings name the same calendar day. */
export const sameDate = (a: CalendarDate, b: CalendarDate): boolean => a.year === b.year && a.month === b.month && a.day === b.day;

/**
 * The date a text reads as in the layout, or in the one layout it reads in where it does not read
 * in that one; undefined where it reads no way, or several ways but not in the layout.
 */
export function dateInLayout(raw: string, layout: DateLayout | undefined): CalendarDate | undefined {
  const readings = readDate(raw);
  return (readings.find((r) => r.layout === layout) ?? (readings.length === 1 ? readings[0] : undefined))?.date;
}

/**
 * A date written with dashes before a four-digit year, read day first ("05-03-2031" as 5 March):
 * readDate reads such dates month first, as American exports write them; European ones write the
 * day first.
 */
export function readDashedDayFirst(raw: string): CalendarDate | undefined {
  const m = /^(\d{1,2})-(\d{1,2})-(\d{4})$/.exec(splitTime(raw).date);
  return m ? valid(+m[3]!, +m[2]!, +m[1]!) : undefined;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The date in the layout; with a style, as the column writes that layout (the time of day is the
 * caller's: a date alone has none).
 */
export function writeDate(d: CalendarDate, layout: DateLayout, style?: DateStyle): string {
  const month = (style?.fullMonth ? MONTH_FULL : MONTH_NAMES)[d.month - 1];
  const day = style?.padDay ? pad(d.day) : String(d.day);
  switch (layout) {
    case 'YYYY-MM-DD':
      return `${d.year}-${pad(d.month)}-${pad(d.day)}`;
    case 'YYYY/MM/DD':
      return `${d.year}/${pad(d.month)}/${pad(d.day)}`;
    case 'MM/DD/YYYY':
      return `${pad(d.month)}/${pad(d.day)}/${d.year}`;
    case 'M/D/YYYY':
      return `${d.month}/${d.day}/${d.year}`;
    case 'DD/MM/YYYY':
      return `${pad(d.day)}/${pad(d.month)}/${d.year}`;
    case 'DD.MM.YYYY':
      return `${pad(d.day)}.${pad(d.month)}.${d.year}`;
    case 'MM-DD-YYYY':
      return `${pad(d.month)}-${pad(d.day)}-${d.year}`;
    case 'MMM D, YYYY':
      return `${month} ${day}${style?.comma === false ? '' : ','} ${d.year}`;
    case 'D MMM YYYY':
      return style?.dashes ? `${day}-${month}-${d.year}` : `${day} ${month} ${d.year}`;
  }
}
