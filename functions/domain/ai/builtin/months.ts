import { englishMonth, monthOfName } from '../../profile/dates';
import { applyCase, caseStyleOf, type CaseStyle } from '../../profile/values';
import type { Candidate } from './candidates';
import type { ColumnIndex } from './profile-index';
import { quote, rows, type RuleInput } from './rule-input';

// A column of month names ("March", "Mar", "MARCH"), as reports and survey exports keep a period:
// a month written as its number ("3", "03") or named in another language ("März", "marzo") is the
// column's name for that month, written as the column writes it.

/** Share of a column's filled rows that must hold month names for it to be a column of months. */
const MONTH_SHARE = 0.9;
/** A month named in another language or form: the same month, only written otherwise. */
const NAMED_P = 0.9;
/** A month's number: in a column of month names nothing else is a number from 1 to 12. */
const NUMBER_P = 0.8;

interface MonthColumn {
  /** The column's spelling of each month it holds (its commonest). */
  spelling: Map<number, string>;
  /** How it writes the others: full or short, in its case. */
  full: boolean;
  style: CaseStyle;
}

const cache = new WeakMap<ColumnIndex, MonthColumn | null>();

function monthColumn(col: ColumnIndex): MonthColumn | undefined {
  let found = cache.get(col);
  if (found === undefined) {
    found = null;
    const spelling = new Map<number, string>();
    let months = 0;
    let full = 0;
    const styles = new Map<CaseStyle, number>();
    for (const [value, count] of col.profile.values) {
      const month = monthOfName(value);
      if (month === undefined || !/^\p{L}+$/u.test(value)) continue;
      months += count;
      if (!spelling.has(month)) spelling.set(month, value);
      if (value.length > 3 && value.toLowerCase() === englishMonth(month, true).toLowerCase()) full += count;
      styles.set(caseStyleOf(value), (styles.get(caseStyleOf(value)) ?? 0) + count);
    }
    if (months >= MONTH_SHARE * col.profile.filled && spelling.size >= 2) {
      const style = (['upper', 'lower'] as const).find((s) => (styles.get(s) ?? 0) > months / 2) ?? 'title';
      found = { spelling, full: full > months / 2, style };
    }
    cache.set(col, found);
  }
  return found ?? undefined;
}

export function monthCandidates(input: RuleInput): Candidate[] {
  const { col, current } = input;
  const text = current.trim();
  if (!col || text === '' || text.length > 20) return [];
  const column = monthColumn(col);
  if (!column) return [];
  const number = /^\d{1,2}$/.test(text) ? Number(text) : undefined;
  const month = number !== undefined ? (number >= 1 && number <= 12 ? number : undefined) : monthOfName(text);
  if (month === undefined) return [];
  const value = column.spelling.get(month) ?? applyCase(englishMonth(month, column.full), column.style);
  if (value === text) return [];
  const reason =
    number !== undefined
      ? `The column names its months (${quote(value)}); ${quote(current)} is the number of that month.`
      : `The column names its months as ${quote(value)}; ${quote(current)} names the same month.`;
  return [{ value, p: number !== undefined ? NUMBER_P : NAMED_P, family: 'format', rule: 'format-month', reason }];
}

// A column of periods, a month of a year ("2031-03", "03/2031", "Mar 2031"): a period written in
// another of these forms is written in the column's.

interface Period {
  year: number;
  month: number;
}

/** How a column writes its periods: year first or last, the separator, the month as a padded number or a name. */
interface PeriodForm {
  yearFirst: boolean;
  separator: string;
  /** 'pad' ("03"), 'plain' ("3"), or the month's name, full or short. */
  month: 'pad' | 'plain' | 'full' | 'short';
  /** The case of a named month. */
  style: CaseStyle;
}

// Year first with a point ("2031.3") is a number, not a period.
const NUMERIC_YEAR_FIRST = /^(\d{4})\s*([-/])\s*(\d{1,2})$/;
const NUMERIC_YEAR_LAST = /^(\d{1,2})\s*([-/.])\s*(\d{4})$/;
const NAMED_YEAR_LAST = /^(\p{L}+\.?)([\s,-]+)(\d{4})$/u;

function readPeriod(text: string): { period: Period; form: PeriodForm } | undefined {
  const t = text.trim();
  let m = NUMERIC_YEAR_FIRST.exec(t);
  const valid = (year: number, month: number) => year >= 1000 && year <= 2999 && month >= 1 && month <= 12;
  const numeric = (digits: string): PeriodForm['month'] => (digits.length === 2 ? 'pad' : 'plain');
  if (m && valid(Number(m[1]), Number(m[3]))) return { period: { year: Number(m[1]), month: Number(m[3]) }, form: { yearFirst: true, separator: m[2]!, month: numeric(m[3]!), style: 'none' } };
  m = NUMERIC_YEAR_LAST.exec(t);
  if (m && valid(Number(m[3]), Number(m[1]))) return { period: { year: Number(m[3]), month: Number(m[1]) }, form: { yearFirst: false, separator: m[2]!, month: numeric(m[1]!), style: 'none' } };
  m = NAMED_YEAR_LAST.exec(t);
  const named = m ? monthOfName(m[1]!) : undefined;
  if (m && named !== undefined && valid(Number(m[3]), named)) {
    const word = m[1]!.replace(/\.$/, '');
    const style = caseStyleOf(word) === 'upper' || caseStyleOf(word) === 'lower' ? caseStyleOf(word) : 'title';
    return { period: { year: Number(m[3]), month: named }, form: { yearFirst: false, separator: m[2]!, month: word.length > 3 && word.toLowerCase() === englishMonth(named, true).toLowerCase() ? 'full' : 'short', style } };
  }
  return undefined;
}

function writePeriod(period: Period, form: PeriodForm): string {
  const month = form.month === 'pad' ? String(period.month).padStart(2, '0') : form.month === 'plain' ? String(period.month) : applyCase(englishMonth(period.month, form.month === 'full'), form.style);
  return form.yearFirst ? `${period.year}${form.separator}${month}` : `${month}${form.separator}${period.year}`;
}

const formKey = (form: PeriodForm) => `${form.yearFirst}|${form.separator}|${form.month}|${form.style}`;
const periodCache = new WeakMap<ColumnIndex, { form: PeriodForm; sample: string } | null>();

/** The form nine in ten of a column's filled rows write their periods in, if any, with one value written so. */
function periodForm(col: ColumnIndex): { form: PeriodForm; sample: string } | undefined {
  let found = periodCache.get(col);
  if (found === undefined) {
    found = null;
    const votes = new Map<string, { form: PeriodForm; sample: string; n: number }>();
    for (const [value, count] of col.profile.values) {
      const read = readPeriod(value);
      if (!read) continue;
      // Months 10 to 12 read the same padded or not: they vote for both.
      const forms = read.form.month === 'pad' && read.period.month >= 10 ? [read.form, { ...read.form, month: 'plain' as const }] : [read.form];
      for (const form of forms) {
        const vote = votes.get(formKey(form)) ?? { form, sample: value, n: 0 };
        vote.n += count;
        votes.set(formKey(form), vote);
      }
    }
    const top = [...votes.values()].sort((a, b) => b.n - a.n)[0];
    if (top && top.n >= MONTH_SHARE * col.profile.filled) found = { form: top.form, sample: top.sample };
    periodCache.set(col, found);
  }
  return found ?? undefined;
}

export function periodCandidates(input: RuleInput): Candidate[] {
  const { col, current } = input;
  if (!col || current.length > 30) return [];
  const column = periodForm(col);
  const read = column ? readPeriod(current) : undefined;
  if (!column || !read) return [];
  const value = writePeriod(read.period, column.form);
  if (value === current) return [];
  return [{ value, p: NAMED_P, family: 'format', rule: 'format-period', reason: `The column writes its months of a year in one form (${quote(column.sample)}); ${quote(current)} is ${quote(value)}.` }];
}

// A value that ends in a two-digit year ("Spring 31", "Q2 '31", "FY31") in a column whose values
// end in the year in full ("Spring 2031"): the value the column holds with the year in full.

const SHORT_YEAR_END = /^(.*\D)'?(\d{2})$/;
const FULL_YEAR_END = /\D(1[89]|2[01])\d{2}$/;
/** Share of the rows of a column's repeated values that must end in a year in full. */
const FULL_YEAR_SHARE = 0.9;

export function fullYearCandidates(input: RuleInput): Candidate[] {
  const { col, current } = input;
  const m = SHORT_YEAR_END.exec(current.trim());
  if (!col || !m || current.length > 60 || col.profile.valuesCoverage < FULL_YEAR_SHARE) return [];
  const prefix = m[1]!.replace(/'$/, '');
  const held = [1900, 2000].map((century) => `${prefix}${century + Number(m[2])}`).filter((value) => (col.counts.get(value) ?? 0) >= 2);
  if (held.length !== 1) return [];
  let years = 0;
  for (const [value, n] of col.profile.values) if (FULL_YEAR_END.test(value)) years += n;
  if (years < FULL_YEAR_SHARE * col.profile.filled) return [];
  const [value] = held as [string];
  const count = col.counts.get(value) ?? 0;
  return [{ value, p: 0.85, family: 'format', rule: 'format-year', support: count, reason: `The column writes its years in full: ${quote(current)} is ${quote(value)} (${rows(count)}).` }];
}
