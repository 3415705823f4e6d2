import { isMissing } from '../../profile/values';
import type { Candidate } from './candidates';
import { commonestMarker } from './profile-index';
import { quote, type RuleInput } from './rule-input';

// A missing-value marker written as text ("N/A", "null", "-") where the dataset writes missing
// values another way: rewrite it the column's way where the column clearly has one, else the
// dataset's (most often an empty cell).

/** Missing cells a column must have for its own way of writing them to count. */
const OWN_CONVENTION_CELLS = 5;

/** How the column itself writes most of its missing values, when it clearly has a way. */
function columnConvention(col: RuleInput['col']): string | undefined {
  if (!col || col.profile.missing < OWN_CONVENTION_CELLS) return undefined;
  const [marker, n] = [...col.profile.markers].sort((a, b) => b[1] - a[1])[0] ?? [];
  return marker !== undefined && n !== undefined && n >= OWN_CONVENTION_CELLS && n >= col.profile.missing / 2 ? marker : undefined;
}

/** Share of a column's cells one marker must fill to be a habit of the column (random slips fill a fraction of a percent). */
const MARKER_HABIT_SHARE = 0.05;
/**
 * Probability that a marker its column writes for every empty cell, failed, is an empty cell where
 * the dataset has no other convention, or leaves its missing cells empty. On the habit tune sets
 * (four draws) 714 of 716 such markers were; shaded, as a marker may also stand for a value lost.
 */
const HABIT_BLANK = 0.97;
/** Markers that are also answers a column of categories gives ("damage: None", "species: Unknown"): never a habit to undo. */
const ANSWER_WORDS: ReadonlySet<string> = new Set(['none', 'unknown', 'missing', 'empty']);

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
  if (!col || current === '' || !isMissing(current) || columnConvention(col) !== current) return false;
  const cells = col.profile.filled + col.profile.missing;
  const count = col.profile.markers.find(([m]) => m === current)?.[1] ?? 0;
  return count >= MARKER_HABIT_SHARE * cells && !ANSWER_WORDS.has(current.trim().toLowerCase());
}

export function missingCandidates(input: RuleInput): Candidate[] {
  const { index, col, current } = input;
  if (!index || current === '' || !isMissing(current)) return [];
  const own = columnConvention(col);
  // A failed marker that is its column's habit was failed for that way: the dataset's other
  // columns say how missing values are written.
  const habit = markerHabit(input);
  // Where the other columns have no way of their own (none, or this very marker, written by slips),
  // an empty cell: the plain way to write that a value is missing.
  const others = habit ? othersConvention(input) : undefined;
  const fallback = habit && (others === undefined || others === current);
  // Where they leave their missing cells empty, the marker is as surely an empty cell (more: they say so).
  const blank = habit && (fallback || others === '');
  const convention = fallback ? '' : habit ? others : (own ?? index.missingConvention);
  if (convention === undefined || convention === current) return [];
  const usedBy = index.profile.columns.filter((c) => c.markers.some(([m]) => m === convention)).length;
  const numeric = col?.profile.numeric !== undefined && col.profile.numeric.count >= col.profile.filled * 0.8;
  const p = blank ? HABIT_BLANK : (usedBy >= 2 ? 0.7 : 0.6) + (numeric ? 0.05 : 0);
  return [
    {
      value: convention,
      p,
      family: 'missing',
      rule: 'missing-marker',
      // The model's features do not see the column's habit, which this rule measured: stated as it is.
      ...(blank ? { stated: true } : {}),
      reason: fallback
        ? `${quote(current)} marks a missing value, as this column writes all of them; the dataset's other columns have no marker of their own, and an empty cell is the plain way to write a missing value.`
        : habit
          ? `${quote(current)} marks a missing value, as this column writes them; the dataset's other columns write missing values as ${convention === '' ? 'empty cells' : quote(convention)}.`
          : `${quote(current)} marks a missing value; this ${own !== undefined ? 'column' : 'dataset'} writes missing values as ${convention === '' ? 'empty cells' : quote(convention)}${own === undefined && usedBy >= 2 ? ` in ${usedBy} columns` : ''}.`,
    },
  ];
}
