import { isNumberColumn } from '../../profile/sequence';
import { isMissing } from '../../profile/values';
import type { Candidate } from './candidates';
import { ANSWER_WORDS, columnCells, columnConvention, emptyBehindSlip, habitMarker, isSlip, slipReason } from './marker-slips';
import { contextReason, missingContext, withContext } from './missing-context';
import { commonestMarker } from './profile-index';
import { quote, type RuleInput } from './rule-input';

// A missing-value marker written as text ("N/A", "null", "-") where the dataset writes missing
// values another way: rewrite it the column's way where the column clearly has one, else the
// dataset's (most often an empty cell).

/**
 * Probability that a marker its column writes for every empty cell, failed, is an empty cell where
 * the dataset has no other convention, or leaves its missing cells empty. On the habit tune sets
 * (four draws) 714 of 716 such markers were; shaded, as a marker may also stand for a value lost.
 */
const HABIT_BLANK = 0.97;
/**
 * How the dataset's other columns write most of their missing cells (a blank on a tie), where they
 * have any: the way to write a marker its own column's habit made common.
 */
function othersConvention(input: RuleInput): string | undefined {
  const others = (input.index?.profile.columns ?? []).filter((column) => column.name !== input.column);
  const { marker, cells } = commonestMarker(others, (m) => !ANSWER_WORDS.has(m.trim().toLowerCase()));
  return cells > 0 ? marker : undefined;
}

/**
 * Whether the failed value is the marker its column writes for its missing cells as a habit (a
 * second system writing "N/A" for every empty cell), filling a good share of the column: such a
 * cell was failed for the way it is written, and is most likely one of the column's empty cells.
 */
export function markerHabit(input: RuleInput): boolean {
  const { col, current } = input;
  return !!col && current !== '' && isMissing(current) && habitMarker(col.profile) === current;
}

export function missingCandidates(input: RuleInput): Candidate[] {
  const { index, col, current } = input;
  if (!index || current === '' || !isMissing(current)) return [];
  const own = columnConvention(col?.profile);
  // A failed marker that is its column's habit was failed for that way: the dataset's other
  // columns say how missing values are written. So does any other marker of such a column: it is
  // rewritten as the habit is, not into the habit.
  const columnHabit = col ? habitMarker(col.profile) : undefined;
  const habit = columnHabit !== undefined && columnHabit === current;
  // Where the other columns have no way of their own (none, or the habit's marker, written by
  // slips), an empty cell: the plain way to write that a value is missing.
  const others = columnHabit !== undefined ? othersConvention(input) : undefined;
  const fallback = columnHabit !== undefined && (others === undefined || others === columnHabit);
  // Where they leave their missing cells empty, the marker is as surely an empty cell (more: they say so).
  const blank = habit && (fallback || others === '');
  const convention = fallback ? '' : columnHabit !== undefined ? others : (own ?? index.missingConvention);
  if (convention === undefined || convention === current) return [];
  const usedBy = index.profile.columns.filter((c) => c.markers.some(([m]) => m === convention)).length;
  const numeric = !!col && isNumberColumn(col.profile);
  // A stray marker where the dataset leaves missing cells empty hid an empty cell or a value lost:
  // how often the table's stray markers fall on empty cells says which (marker-slips.ts), which
  // the model's features do not see.
  const slipCells = !habit && convention === '' && col && isSlip(col.profile, current) ? columnCells(col.profile) : undefined;
  const base = blank ? HABIT_BLANK : slipCells ? emptyBehindSlip(index.markerSlips, slipCells) : (usedBy >= 2 ? 0.7 : 0.6) + (numeric ? 0.05 : 0);
  // The row's other cells: where this column goes missing together with others, they say more.
  const context = missingContext(index, input.column, input.row);
  const p = withContext(base, context);
  const writes = (marker: string) => (marker === '' ? 'empty cells' : quote(marker));
  const othersWay = fallback
    ? "the dataset's other columns have no marker of their own, and an empty cell is the plain way to write a missing value"
    : `the dataset's other columns write missing values as ${writes(convention)}`;
  const how =
    columnHabit === undefined
      ? `this ${own !== undefined ? 'column' : 'dataset'} writes missing values as ${writes(convention)}${own === undefined && usedBy >= 2 ? ` in ${usedBy} columns` : ''}`
      : habit
        ? othersWay
        : `this column writes missing values as ${quote(columnHabit)}; ${othersWay}`;
  return [
    {
      value: convention,
      p,
      family: 'missing',
      rule: 'missing-marker',
      // The model's features do not see the column's habit, nor the table's slips, which this rule measured: stated as it is.
      ...(blank || slipCells ? { stated: true } : {}),
      reason: `${quote(current)} marks a missing value${habit ? ', as this column writes all of them' : ''}; ${how}.${slipCells ? ` ${slipReason(index.markerSlips, slipCells)}` : ''}${contextReason(index, input.column, context)}`,
    },
  ];
}
