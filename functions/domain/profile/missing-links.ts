// Which columns go missing together. In real tables values are often missing in blocks: a record
// entered in a hurry leaves several optional fields empty, an old record lacks every field added
// later, a source that never reports one measure never reports its companions either. Where a
// column's emptiness moves with another column's, the row's other cells say whether a cell now
// holding a stray marker was empty or held a value that got lost — a vicinity signal for
// missing values (as Baran's vicinity models are for values).
//
// Per pair of columns that are both sometimes missing and sometimes filled, the profile keeps the
// four counts of rows where both are known (a cell is known when filled, or missing written the
// column's usual way; a marker its column rarely writes is what is being judged, so it is not
// counted), for the pairs whose emptiness is clearly associated.

export interface MissingLink {
  columns: [string, string];
  /** Rows with: both missing, only the first missing, only the second missing, neither missing. */
  counts: [number, number, number, number];
}

/** A cell's state: filled, missing the column's usual way, or unknown (a rare marker). */
export const FILLED = 0;
export const MISSING = 1;
export const UNKNOWN = 2;

export interface MissingStates {
  name: string;
  /** FILLED, MISSING or UNKNOWN per row. */
  states: Uint8Array;
}

/** Both states must hold at least this many known cells for a column to take part. */
export const MIN_CELLS = 5;
/** Columns examined at most: those whose missing share is nearest a half (pairs grow as its square). */
export const MAX_COLUMNS = 24;
/** Association kept: the (smoothed) odds ratio is at least this far from 1, either way. */
export const MIN_ODDS_RATIO = 2;
/** Links kept per column at most (the strongest). */
export const MAX_LINKS_PER_COLUMN = 6;

/** The marker a column writes for most of its missing cells ('' = blank, also on a tie with it). */
export function usualMarker(markers: Iterable<readonly [string, number]>): string {
  let usual = '';
  let most = 0;
  for (const [marker, count] of markers) if (count > most || (count === most && marker === '')) [usual, most] = [marker, count];
  return usual;
}

/** The smoothed log odds ratio of a 2×2 table (half a row added to each cell). */
export function logOddsRatio([both, onlyA, onlyB, neither]: readonly number[]): number {
  return Math.log(((both! + 0.5) * (neither! + 0.5)) / ((onlyA! + 0.5) * (onlyB! + 0.5)));
}

function tally(a: Uint8Array, b: Uint8Array): [number, number, number, number] {
  const counts: [number, number, number, number] = [0, 0, 0, 0];
  for (let r = 0; r < a.length; r++) {
    const x = a[r]!;
    const y = b[r]!;
    if (x === UNKNOWN || y === UNKNOWN) continue;
    counts[x === MISSING ? (y === MISSING ? 0 : 1) : y === MISSING ? 2 : 3]++;
  }
  return counts;
}

export function discoverMissingLinks(columns: readonly MissingStates[]): MissingLink[] {
  const eligible = columns
    .map((c) => {
      let missing = 0;
      let filled = 0;
      for (const s of c.states) {
        if (s === MISSING) missing++;
        else if (s === FILLED) filled++;
      }
      return { c, missing, filled, balance: Math.abs(missing / Math.max(1, missing + filled) - 0.5) };
    })
    .filter((e) => e.missing >= MIN_CELLS && e.filled >= MIN_CELLS)
    .sort((x, y) => x.balance - y.balance || x.c.name.localeCompare(y.c.name))
    .slice(0, MAX_COLUMNS);
  const found: Array<MissingLink & { strength: number }> = [];
  for (let i = 0; i < eligible.length; i++) {
    for (let j = i + 1; j < eligible.length; j++) {
      const a = eligible[i]!.c;
      const b = eligible[j]!.c;
      const counts = tally(a.states, b.states);
      const strength = Math.abs(logOddsRatio(counts));
      if (strength >= Math.log(MIN_ODDS_RATIO)) found.push({ columns: [a.name, b.name], counts, strength });
    }
  }
  found.sort((x, y) => y.strength - x.strength || x.columns.join('\u0000').localeCompare(y.columns.join('\u0000')));
  const perColumn = new Map<string, number>();
  const kept: MissingLink[] = [];
  for (const link of found) {
    const [a, b] = link.columns;
    if ((perColumn.get(a) ?? 0) >= MAX_LINKS_PER_COLUMN || (perColumn.get(b) ?? 0) >= MAX_LINKS_PER_COLUMN) continue;
    perColumn.set(a, (perColumn.get(a) ?? 0) + 1);
    perColumn.set(b, (perColumn.get(b) ?? 0) + 1);
    kept.push({ columns: link.columns, counts: link.counts });
  }
  return kept;
}

/**
 * A link's counts seen from one of its columns: rows where this column is missing (m) or filled
 * (f), then the other one missing or filled (mf: this one missing, the other filled).
 */
export function oriented(link: MissingLink, column: string): { mm: number; mf: number; fm: number; ff: number } {
  const [both, onlyFirst, onlySecond, neither] = link.counts;
  const first = link.columns[0] === column;
  return { mm: both, mf: first ? onlyFirst : onlySecond, fm: first ? onlySecond : onlyFirst, ff: neither };
}

/**
 * How much more likely the other cell's state is when this column is missing than when it is
 * filled, in log odds (each count smoothed by half a row): the evidence one linked cell of a row
 * gives that this column's cell is missing.
 */
export function missingEvidence(link: MissingLink, column: string, otherMissing: boolean): number {
  const { mm, mf, fm, ff } = oriented(link, column);
  const givenMissing = ((otherMissing ? mm : mf) + 0.5) / (mm + mf + 1);
  const givenFilled = ((otherMissing ? fm : ff) + 0.5) / (fm + ff + 1);
  return Math.log(givenMissing / givenFilled);
}
