import { identityText, solveAll } from '../../profile/arithmetic';
import { solveGroupRatio } from '../../profile/group-ratios';
import { decimalsOfColumn, inUsualRange } from '../../profile/profile';
import type { Candidate } from './candidates';
import { filledShareOf, quote, type RuleInput } from './rule-input';

// A column that is arithmetic of two others in nearly every row (a total, an amount, a share), or
// another column's number over a total of its group (a share of its year's total): the number
// that makes the identity hold again in the failed row. Like a dependency on the row's
// other columns, it is only as good as those columns: where one of them lies outside what its
// column usually holds, it may be the wrong one, and nothing is proposed.

const RELIABILITY = 0.97;

/** Whether a number lies in the range its column usually holds (any, for a column without numbers). */
function usual(input: RuleInput, column: string, text: string): boolean {
  const stats = input.index?.columns.get(column)?.profile.numeric;
  return !stats || inUsualRange(stats, Number(text));
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
  for (const { relation, solved } of solveAll(relations, column, row, decimals)) {
    const others = [relation.result, relation.left, relation.right].filter((c) => c !== column);
    if (!others.every((other) => usual(input, other, row[other] ?? '')) || !usual(input, column, solved.value)) continue;
    const identity = identityText(relation);
    out.push(
      implied(solved.value, relation, filledShare, `arithmetic:${identity}`, `${identity} in ${percentOf(relation.holds)} of rows; in this row ${others[0]} is ${quote(solved.known[0])} and ${others[1]} is ${quote(solved.known[1])}, so ${column} is ${quote(solved.value)}.`),
    );
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
