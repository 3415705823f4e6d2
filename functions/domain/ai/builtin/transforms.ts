import { findClock, readClock, writeClock, type ClockForm } from '../../profile/clock';
import { readDate, sameDate, splitTime, styleFromKey, styleKey, styleOf, writeDate, DATE_LAYOUTS, type DateLayout, type DateStyle } from '../../profile/dates';
import { applyCase, canonicalNumber, caseStyleOf, decimalsOf, digitsOf, exactNumber, isMissing, parseNumberLike, shapeOf, tidied, type CaseStyle } from '../../profile/values';
import type { SourceRecord } from '../provider';

// Value transformations that a manual fix can be an instance of. Learning asks of each fix
// "which of these, with which parameter, turns the old value into the new one?" and offers the
// ones that keep being right for the column's later failed rows. Each one is generic: nothing
// here knows a column or a value of any dataset.

export interface Transform {
  id: string;
  /** The parameter under which this transform turns `from` into `to`, if it does. */
  infer(from: string, to: string, row: SourceRecord | undefined): string | undefined;
  apply(value: string, row: SourceRecord | undefined, param: string): string | undefined;
  /** Plain words for the reasoning. */
  describe(param: string): string;
}

const words = (v: string) => v.trim().split(/\s+/);

const numberTransform: Transform = {
  id: 'number',
  // Digits as written (the point moved for a fraction, float noise dropped): a format never
  // rounds a real digit away.
  infer: (from, to) => {
    const n = parseNumberLike(from);
    if (!n || !Number.isFinite(n.value)) return undefined;
    if (exactNumber(n.text) === to || canonicalNumber(n.value) === to) return 'canonical';
    const decimals = decimalsOf(to);
    if (n.value.toFixed(decimals) === to) return `fixed${decimals}`;
    if (n.form === 'percent' && (exactNumber(n.text, -2) === to || canonicalNumber(n.value / 100) === to)) return 'fraction';
    return undefined;
  },
  apply: (value, _row, param) => {
    const n = parseNumberLike(value);
    if (!n || !Number.isFinite(n.value)) return undefined;
    if (param === 'canonical') return exactNumber(n.text);
    if (param === 'fraction') return n.form === 'percent' ? exactNumber(n.text, -2) : undefined;
    const decimals = Number(param.slice('fixed'.length));
    if (!Number.isInteger(decimals)) return undefined;
    // Padding or trimming zeros only: a number with more significant decimals is left alone.
    const written = n.value.toFixed(decimals);
    return Number(written) === Number(exactNumber(n.text)) ? written : undefined;
  },
  describe: (param) =>
    param === 'fraction' ? 'write a percentage as a fraction' : param === 'canonical' ? 'keep only the number (drop units, signs and float noise)' : `write the number with ${param.slice(5)} decimals`,
};

const markerTransform: Transform = {
  id: 'marker',
  infer: (from, to) => (isMissing(from) && from !== to && isMissing(to) ? to : undefined),
  apply: (value, _row, param) => (isMissing(value) && value !== param ? param : undefined),
  describe: (param) => `write a missing value as ${param === '' ? 'an empty cell' : `"${param}"`}`,
};

const caseTransform: Transform = {
  id: 'case',
  infer: (from, to) => {
    if (from === to || from.toLowerCase() !== to.toLowerCase()) return undefined;
    const style = caseStyleOf(to);
    return style === 'mixed' || style === 'none' ? undefined : style;
  },
  // A missing-value marker is no word to re-case.
  apply: (value, _row, param) => (isMissing(value) ? undefined : applyCase(value, param as CaseStyle)),
  describe: (param) => `write the value in ${param === 'title' ? 'title' : param} case`,
};

const spacingTransform: Transform = {
  id: 'spacing',
  infer: (from, to) => (from !== to && tidied(from) === to ? 'tidy' : undefined),
  apply: (value) => tidied(value),
  describe: () => 'remove stray spaces',
};

const dropWordTransform: Transform = {
  id: 'drop-word',
  infer: (from, to) => {
    const w = words(from);
    if (w.length < 2) return undefined;
    if (w.slice(0, -1).join(' ') === to) return 'last';
    if (w.slice(1).join(' ') === to) return 'first';
    return undefined;
  },
  apply: (value, _row, param) => {
    const w = words(value);
    if (w.length < 2) return undefined;
    return (param === 'last' ? w.slice(0, -1) : w.slice(1)).join(' ');
  },
  describe: (param) => `drop the ${param} word`,
};

const takeWordTransform: Transform = {
  id: 'take-word',
  infer: (_from, to, row) => {
    if (!row || to === '') return undefined;
    for (const [column, value] of Object.entries(row)) {
      if (!value) continue;
      const w = words(value);
      if (w.length < 2) continue;
      if (w[w.length - 1] === to) return `${column}\u0000last`;
      if (w[0] === to) return `${column}\u0000first`;
    }
    return undefined;
  },
  apply: (_value, row, param) => {
    const [column, edge] = param.split('\u0000') as [string, string];
    const source = row?.[column];
    if (!source) return undefined;
    const w = words(source);
    if (w.length < 2) return undefined;
    return edge === 'last' ? w[w.length - 1] : w[0];
  },
  describe: (param) => {
    const [column, edge] = param.split('\u0000') as [string, string];
    return `take the ${edge} word of ${column}`;
  },
};

const copyColumnTransform: Transform = {
  id: 'copy-column',
  infer: (from, to, row) => {
    if (!row || to === '' || from === to) return undefined;
    return Object.entries(row).find(([, value]) => value === to)?.[0];
  },
  apply: (_value, row, param) => row?.[param] ?? undefined,
  describe: (param) => `copy the value of ${param}`,
};

const digitsTransform: Transform = {
  id: 'digits-layout',
  infer: (from, to) => {
    const shape = shapeOf(to);
    if (from === to || !/^[d\s().+/-]+$/.test(shape) || /[a-zA-Z]/.test(from)) return undefined;
    return digitsOf(from) === digitsOf(to) ? shape : undefined;
  },
  apply: (value, _row, shape) => {
    const digits = digitsOf(value);
    if (/[a-zA-Z]/.test(value) || digits.length !== [...shape].filter((c) => c === 'd').length) return undefined;
    // A date is rewritten by reading it (date-layout), never by pouring its digits; a negative
    // number keeps its sign.
    if (readDate(value).length > 0 || (/^\s*-/.test(value) && !shape.startsWith('-'))) return undefined;
    let i = 0;
    return [...shape].map((c) => (c === 'd' ? digits[i++]! : c)).join('');
  },
  describe: (shape) => `write the digits as ${shape}`,
};

// The parameter is the layout and the style the fix wrote ("Sep 04 2031" is not "Sep 4, 2031"),
// and the layout the fix read the old date in: "03/04/2031" fixed to "2031-03-04" says this data
// writes the month first, which a date that reads both ways ("05/06/2031") needs. The time of day
// is carried over as written, never dropped or invented.
const dateTransform: Transform = {
  id: 'date-layout',
  infer: (from, to) => {
    const source = splitTime(from);
    const target = splitTime(to);
    if (from === to || source.time !== target.time) return undefined;
    const date = readDate(target.date)[0]?.date;
    if (!date) return undefined;
    const shown = styleOf(to);
    const style: DateStyle = { fullMonth: false, padDay: false, ...shown };
    const layout = DATE_LAYOUTS.find((l) => writeDate(date, l, style) === target.date);
    const readings = readDate(source.date);
    const same = readings.filter((r) => sameDate(r.date, date));
    // The old date's layout, where only one reading gives the new date and another reads otherwise.
    const read = same.length === 1 && readings.length > 1 ? same[0]!.layout : '';
    // A day of two digits shows no padding ("Feb 11 2005"): the rewrite then keeps a date's own.
    const padding = shown.padDay === undefined ? '|keep-pad' : '';
    return layout && same.length > 0 ? `${layout}|${styleKey(style)}|${read}${padding}` : undefined;
  },
  apply: (value, _row, param) => {
    const [layout, key, read, padding] = param.split('|') as [DateLayout, string, string, string | undefined];
    const own = padding === 'keep-pad' ? styleOf(value).padDay : undefined;
    const style = { ...styleFromKey(key), ...(own !== undefined ? { padDay: own } : {}) };
    const { date, time } = splitTime(value);
    if ((time === '') !== (style.time === '')) return undefined;
    const readings = readDate(date);
    const inRead = readings.filter((r) => r.layout === read);
    const dates = new Set((inRead.length > 0 ? inRead : readings).map((r) => writeDate(r.date, layout, style) + time));
    return dates.size === 1 ? [...dates][0] : undefined;
  },
  describe: (param) => `write the date as ${param.split('|')[0]}`,
};

/** A clock form as a transformation's parameter: "12|0|0| a.m." (12-hour, unpadded, no seconds, the morning's meridiem). */
const formKey = (form: ClockForm) => `${form.twelve ? 12 : 24}|${form.pad ? 1 : 0}|${form.seconds ? 1 : 0}|${form.meridiem}`;

// A time of day written another way ("5:17 PM", "17:17", "Mar 3 5:17 p.m." fixed to "5:17 p.m."):
// the parameter is the form the fix wrote. An hour of ten or more says nothing of padding: a
// 12-hour clock is then read unpadded, a 24-hour one padded, as a column's form is.
const clockTransform: Transform = {
  id: 'clock-layout',
  infer: (from, to) => {
    const target = readClock(to);
    const source = from === to ? undefined : findClock(from);
    if (!target || !source || source.time.minutes !== target.time.minutes || (source.time.seconds ?? 0) !== (target.time.seconds ?? 0)) return undefined;
    return formKey({ ...target.form, pad: target.form.pad ?? !target.form.twelve });
  },
  apply: (value, _row, param) => {
    const reading = findClock(value);
    const [clock, pad, seconds, meridiem] = param.split('|') as [string, string, string, string];
    return reading ? writeClock(reading.time, { twelve: clock === '12', pad: pad === '1', seconds: seconds === '1', meridiem }) : undefined;
  },
  describe: (param) => `write the time of day as ${param.startsWith('12') ? 'a 12-hour' : 'a 24-hour'} clock does${param.endsWith('|') ? '' : ` ("${param.split('|')[3]!.trim()}")`}`,
};

export const TRANSFORMS: readonly Transform[] = [
  markerTransform,
  numberTransform,
  caseTransform,
  spacingTransform,
  dropWordTransform,
  takeWordTransform,
  copyColumnTransform,
  digitsTransform,
  dateTransform,
  clockTransform,
];
