import { amount, amountUnit, identityText, solveAll, type Units } from '../../profile/arithmetic';
import { writeClock } from '../../profile/clock';
import { holdsIn, solveClockSum } from '../../profile/clock-sums';
import { solveGroupRatio } from '../../profile/group-ratios';
import { decimalsOfColumn, inUsualRange } from '../../profile/profile';
import { writeInUnit } from '../../profile/unit-form';
import type { Candidate } from './candidates';
import { filledShareOf, quote, type RuleInput } from './rule-input';

// A column that is arithmetic of two others in nearly every row (a total, an amount, a share), or
// another column's number over a total of its group (a share of its year's total): the number
// that makes the identity hold again in the failed row. Like a dependency on the row's
// other columns, it is only as good as those columns: where one of them lies outside what its
// column usually holds, it may be the wrong one, and nothing is proposed.

const RELIABILITY = 0.97;

/** Whether a number lies in the range its column usually holds (any, for a column without numbers), read as the column writes it. */
function usual(input: RuleInput, column: string, text: string): boolean {
  const profile = input.index?.columns.get(column)?.profile;
  const x = amount(text, amountUnit(profile))?.x ?? Number(text);
  return !profile?.numeric || inUsualRange(profile.numeric, x);
}

const percentOf = (share: number) => `${Math.floor(share * 1000) / 10}%`;

/** The number that makes a relation hold again in the row: as likely as the relation holds, where the column is filled. */
function implied(value: string, relation: { holds: number; rows: number }, filledShare: number, rule: string, reason: string): Candidate {
  return { value, p: Math.min(0.97, relation.holds * RELIABILITY * filledShare), family: 'dependency', rule, support: relation.rows, reason };
}

export function arithmeticCandidates(input: RuleInput): Candidate[] {
  const { index, row, column, col } = input;
  const relations = index?.arithmetic.get(column);
  if (!index || !row || !relations) return [];
  const decimals = decimalsOfColumn(col?.profile);
  // The identity holds only where all three are filled.
  const filledShare = filledShareOf(input);
  const out: Candidate[] = [];
  // Amounts written with their unit ("£187.60") are read as numbers, and the answer written so.
  const units: Units = Object.fromEntries(Object.keys(row).map((name) => [name, amountUnit(index.columns.get(name)?.profile)]));
  const unit = units[column];
  for (const { relation, solved } of solveAll(relations, column, row, decimals, units)) {
    const others = [relation.result, relation.left, relation.right].filter((c) => c !== column);
    if (!others.every((other) => usual(input, other, row[other] ?? '')) || !usual(input, column, solved.value)) continue;
    const identity = identityText(relation);
    const value = unit ? writeInUnit(unit, solved.value) : solved.value;
    out.push(
      implied(value, relation, filledShare, `arithmetic:${identity}`, `${identity} in ${percentOf(relation.holds)} of rows; in this row ${others[0]} is ${quote(solved.known[0])} and ${others[1]} is ${quote(solved.known[1])}, so ${column} is ${quote(value)}.`),
    );
  }
  return out;
}

/**
 * The time of day (or the minutes) that makes `end = start + minutes` hold again in the row, round
 * the clock; a number of minutes is read the nearer way round that its column usually holds.
 */
export function clockSumCandidates(input: RuleInput): Candidate[] {
  const { index, row, column, col, current } = input;
  const sums = index?.clockSums.get(column);
  if (!index || !row || !sums) return [];
  const filledShare = filledShareOf(input);
  const out: Candidate[] = [];
  for (const sum of sums) {
    const identity = `${sum.result} = ${sum.start} + ${sum.minutes} minutes`;
    // The two times exchanged ("9:40" where the start should be and "9:25" as the end): the
    // identity holds again with them put back, while solving it from the row would read one
    // wrong time off the other.
    const other = column === sum.result ? sum.start : column === sum.start ? sum.result : undefined;
    const otherValue = other === undefined ? undefined : row[other];
    if (other !== undefined && otherValue && otherValue !== current && holdsIn(sum, { ...row, [column]: otherValue, [other]: current })) {
      out.push(implied(otherValue, sum, 1, `arithmetic-swap:${identity}`, `${identity} in ${percentOf(sum.holds)} of rows; in this row it holds with ${column} and ${other} exchanged, so ${column} is ${quote(otherValue)}.`));
      continue;
    }
    const readings = solveClockSum(sum, column, row);
    if (!readings) continue;
    let value: string | undefined;
    if (column === sum.minutes) value = readings.map(String).find((v) => usual(input, column, v));
    else if (col?.profile.clock) value = writeClock({ minutes: readings[0]! }, col.profile.clock);
    if (value === undefined || !usual(input, sum.minutes, column === sum.minutes ? value : (row[sum.minutes] ?? ''))) continue;
    const [first, second] = [sum.result, sum.start, sum.minutes].filter((c) => c !== column) as [string, string];
    out.push(implied(value, sum, filledShare, `arithmetic:${identity}`, `${identity} in ${percentOf(sum.holds)} of rows; in this row ${first} is ${quote(row[first] ?? '')} and ${second} is ${quote(row[second] ?? '')}, so ${column} is ${quote(value)}.`));
  }
  return out;
}

export function groupRatioCandidates(input: RuleInput): Candidate[] {
  const { index, row, column, col } = input;
  const relations = index?.groupRatios.get(column);
  if (!index || !row || !relations) return [];
  const decimals = decimalsOfColumn(col?.profile);
  const filledShare = filledShareOf(input);
  const out: Candidate[] = [];
  for (const { relation, divisors } of relations) {
    const solved = solveGroupRatio(relation, divisors, column, row, decimals);
    if (!solved) continue;
    const other = column === relation.column ? relation.of : relation.column;
    if (!usual(input, other, solved.known) || !usual(input, column, solved.value)) continue;
    const group = `${relation.by} ${quote(row[relation.by] ?? '')}`;
    const how = column === relation.column ? `${quote(solved.known)} / ${solved.divisor}` : `${quote(solved.known)} × ${solved.divisor}`;
    out.push(
      implied(solved.value, relation, filledShare, `group-ratio:${relation.column}/${relation.of}@${relation.by}`, `${relation.column} is ${relation.of} divided by one number per ${relation.by} in ${percentOf(relation.holds)} of rows; for ${group} it is ${solved.divisor}, so ${column} is ${how} = ${quote(solved.value)}.`),
    );
  }
  return out;
}
