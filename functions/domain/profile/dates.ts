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

function valid(year: number, month: number, day: number): CalendarDate | undefined {
  if (year < 1000 || year > 2999 || month < 1 || month > 12 || day < 1) return undefined;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= last ? { year, month, day } : undefined;
}

function monthOf(name: string): number {
  return MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
}

/** Every layout the text can be read in, with the date each reading gives. */
export function readDate(raw: string): Array<{ layout: DateLayout; date: CalendarDate }> {
  const v = raw.trim().replace(/[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/, '');
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

const pad = (n: number) => String(n).padStart(2, '0');

export function writeDate(d: CalendarDate, layout: DateLayout): string {
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
      return `${MONTH_NAMES[d.month - 1]} ${d.day}, ${d.year}`;
    case 'D MMM YYYY':
      return `${d.day} ${MONTH_NAMES[d.month - 1]} ${d.year}`;
  }
}
