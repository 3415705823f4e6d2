import { englishMonth, monthOfName } from '../../profile/dates';
import { toTitleCase } from '../../profile/values';
import type { Candidate } from './candidates';
import type { ColumnIndex } from './profile-index';
import { quote, type RuleInput } from './rule-input';

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
  caseOf: (name: string) => string;
}

const cache = new WeakMap<ColumnIndex, MonthColumn | null>();

function monthColumn(col: ColumnIndex): MonthColumn | undefined {
  let found = cache.get(col);
  if (found === undefined) {
    found = null;
    const spelling = new Map<number, string>();
    let months = 0;
    let full = 0;
    let upper = 0;
    let lower = 0;
    for (const [value, count] of col.profile.values) {
      const month = monthOfName(value);
      if (month === undefined || !/^\p{L}+$/u.test(value)) continue;
      months += count;
      if (!spelling.has(month)) spelling.set(month, value);
      if (value.length > 3 && value.toLowerCase() === englishMonth(month, true).toLowerCase()) full += count;
      if (value === value.toUpperCase()) upper += count;
      else if (value === value.toLowerCase()) lower += count;
    }
    if (months >= MONTH_SHARE * col.profile.filled && spelling.size >= 2) {
      const caseOf = upper > months / 2 ? (s: string) => s.toUpperCase() : lower > months / 2 ? (s: string) => s.toLowerCase() : toTitleCase;
      found = { spelling, full: full > months / 2, caseOf };
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
  const value = column.spelling.get(month) ?? column.caseOf(englishMonth(month, column.full));
  if (value === text) return [];
  const reason =
    number !== undefined
      ? `The column names its months (${quote(value)}); ${quote(current)} is the number of that month.`
      : `The column names its months as ${quote(value)}; ${quote(current)} names the same month.`;
  return [{ value, p: number !== undefined ? NUMBER_P : NAMED_P, family: 'format', rule: 'format-month', reason }];
}
