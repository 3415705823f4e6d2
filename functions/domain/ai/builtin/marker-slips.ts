import type { ColumnProfile } from '../../profile/profile';

// How a table's missing-value markers came to be, read from the table itself. A column writes its
// empty cells one way (blank, or a marker it writes as a habit); a marker written otherwise, here
// and there, is a slip, and a slip is written over an empty cell or over a value that was lost.
// Which of the two a slip hid depends on how the table's slips fall: in some tables a marker
// stands for a cell that was empty anyway (a second system writing "N/A" where the first left a
// blank), in others for a value lost as often as for a blank. Each column is a witness: slips
// cluster in the columns with many empty cells where they hide empty cells, and spread with the
// values where they hide values. The rates at which slips fall on empty cells and on values are
// fitted over the table's columns (`markerSlipRates`), and a slip in one column then hides an empty
// cell with the probability Bayes' rule gives from that column's empty cells and values
// (`emptyBehindSlip`).

/** Share of a column's cells one marker must fill to be a habit of the column (random slips fill a fraction of a percent). */
export const MARKER_HABIT_SHARE = 0.05;
/** Missing cells a column must have for its own way of writing them to count. */
export const OWN_CONVENTION_CELLS = 5;
/** Markers that are also answers a column of categories gives ("damage: None", "species: Unknown"): never a habit to undo. */
export const ANSWER_WORDS: ReadonlySet<string> = new Set(['none', 'unknown', 'missing', 'empty']);

/** How the column itself writes most of its missing values, when it clearly has a way. */
export function columnConvention(profile: ColumnProfile | undefined): string | undefined {
  if (!profile || profile.missing < OWN_CONVENTION_CELLS) return undefined;
  const [marker, n] = [...profile.markers].sort((a, b) => b[1] - a[1])[0] ?? [];
  return marker !== undefined && n !== undefined && n >= OWN_CONVENTION_CELLS && n >= profile.missing / 2 ? marker : undefined;
}

/** The marker the column writes for its empty cells as a habit, filling a good share of it, if any. */
export function habitMarker(profile: ColumnProfile | undefined): string | undefined {
  const marker = columnConvention(profile);
  if (!profile || marker === undefined || marker === '' || ANSWER_WORDS.has(marker.trim().toLowerCase())) return undefined;
  const count = profile.markers.find(([m]) => m === marker)?.[1] ?? 0;
  return count >= MARKER_HABIT_SHARE * (profile.filled + profile.missing) ? marker : undefined;
}

export interface ColumnCells {
  /** Cells written as the column writes an empty cell: blanks and its habitual marker. */
  empty: number;
  /** Markers written otherwise: over an empty cell or over a value. */
  slips: number;
  /** Cells holding a value, a marker the column gives as an answer ("None") included. */
  values: number;
}

/**
 * What a marker the column writes `count` times stands for: its empty cells (a blank, or its
 * habitual marker), a value (a marker filling a good share of it as an answer, "damage: None"), or
 * a slip.
 */
function markerKind(profile: ColumnProfile, habit: string | undefined, marker: string, count: number): keyof ColumnCells {
  if (marker === '' || marker === habit) return 'empty';
  return ANSWER_WORDS.has(marker.toLowerCase()) && count >= MARKER_HABIT_SHARE * (profile.filled + profile.missing) ? 'values' : 'slips';
}

/** Whether the marker is one of the column's slips (columnCells). */
export function isSlip(profile: ColumnProfile, marker: string): boolean {
  const written = marker.trim();
  const count = profile.markers.find(([m]) => m === written)?.[1] ?? 0;
  return count > 0 && markerKind(profile, habitMarker(profile), written, count) === 'slips';
}

export function columnCells(profile: ColumnProfile): ColumnCells {
  const habit = habitMarker(profile);
  const cells: ColumnCells = { empty: 0, slips: 0, values: profile.filled };
  for (const [marker, n] of profile.markers) cells[markerKind(profile, habit, marker, n)] += n;
  return cells;
}

export interface MarkerSlipRates {
  /** Share of a table's empty cells a slip wrote a marker over. */
  overEmpty: number;
  /** Share of its values a slip replaced with a marker. */
  overValue: number;
}

/**
 * Slips' worth of the table's overall rate each of the two rates starts from: a table with a few
 * slips says little about where they fall (one slip in a column half empty, none in the others,
 * is no sign that slips fall on empty cells), and then neither rate strays far from the other.
 */
const PRIOR_SLIPS = 2;
const ROUNDS = 50;

/**
 * The two rates, fitted by expectation–maximisation over the columns: each column's slips are
 * shared between its empty cells and its values in proportion to the rates times their counts,
 * and each rate is then the slips it was given over the cells it covers (both drawn towards the
 * table's overall rate by PRIOR_SLIPS).
 */
export function markerSlipRates(columns: readonly ColumnCells[]): MarkerSlipRates {
  let empty = 0;
  let values = 0;
  let slips = 0;
  for (const c of columns) {
    empty += c.empty;
    values += c.values;
    slips += c.slips;
  }
  const overall = slips / Math.max(1, empty + values);
  let overEmpty = overall;
  let overValue = overall;
  if (slips === 0) return { overEmpty, overValue };
  const priorCells = PRIOR_SLIPS / overall;
  for (let round = 0; round < ROUNDS; round++) {
    let onEmpty = 0;
    let onValues = 0;
    for (const c of columns) {
      const share = emptyShare({ overEmpty, overValue }, c.empty, c.values);
      onEmpty += c.slips * share;
      onValues += c.slips * (1 - share);
    }
    overEmpty = (onEmpty + PRIOR_SLIPS) / (empty + priorCells);
    overValue = (onValues + PRIOR_SLIPS) / (values + priorCells);
  }
  return { overEmpty, overValue };
}

function emptyShare(rates: MarkerSlipRates, empty: number, values: number): number {
  const overEmpty = rates.overEmpty * empty;
  const total = overEmpty + rates.overValue * values;
  return total > 0 ? overEmpty / total : 0;
}

/** Probability that a slip in this column hides a cell that was empty (each count smoothed by half a cell). */
export function emptyBehindSlip(rates: MarkerSlipRates, cells: ColumnCells): number {
  return emptyShare(rates, cells.empty + 0.5, cells.values + 0.5);
}

/** Rates this close to each other (either way) are read as alike. */
const ALIKE = 1.5;
const times = (r: number) => (r < 3 ? r.toFixed(1) : String(Math.round(r)));

/** Why a slip in this column is or is not read as an empty cell, in a sentence. */
export function slipReason(rates: MarkerSlipRates, cells: ColumnCells): string {
  const share = Math.round((100 * cells.empty) / Math.max(1, cells.empty + cells.values));
  const ratio = rates.overValue > 0 ? rates.overEmpty / rates.overValue : 1;
  const where =
    ratio >= ALIKE
      ? `on empty cells about ${times(ratio)} times as often as on values`
      : ratio <= 1 / ALIKE
        ? `on values about ${times(1 / ratio)} times as often as on empty cells`
        : 'on empty cells and on values alike';
  return `${share}% of this column's cells are empty, and this table's stray markers fall ${where}.`;
}
