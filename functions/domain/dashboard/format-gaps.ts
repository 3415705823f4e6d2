import type { ColumnProfile } from '../profile/profile';

// "Add a format check" recommendations (issue 12 §5): from the column profile of the latest scan,
// a column whose values are mostly e-mail addresses, phone numbers or dates, some of which do not
// read as one, and that no format or pattern check guards yet. The share is the profile's: the
// non-missing values that do not fit the column's type.

const FORMATS = { email: 'email', phone: 'phone', date: 'date' } as const;
type PatternType = keyof typeof FORMATS;

/** Below this share of fitting values a column is not clearly of the type. */
export const MIN_TYPE_SHARE = 0.6;

export interface FormatGap {
  column: string;
  /** The invalid-format check's format to add. */
  format: (typeof FORMATS)[PatternType];
  /** Non-missing values that do not fit, and their share of the non-missing values (0–1). */
  failing: number;
  failingShare: number;
}

const isPatternType = (t: string): t is PatternType => t in FORMATS;

export function formatGaps(columns: readonly Pick<ColumnProfile, 'name' | 'type' | 'typeShare' | 'filled'>[], guardedColumns: ReadonlySet<string>): FormatGap[] {
  const out: FormatGap[] = [];
  for (const c of columns) {
    if (!isPatternType(c.type) || guardedColumns.has(c.name) || c.typeShare < MIN_TYPE_SHARE) continue;
    const failing = Math.round(c.filled * (1 - c.typeShare));
    if (failing < 1) continue;
    out.push({ column: c.name, format: FORMATS[c.type], failing, failingShare: Math.round((failing / c.filled) * 1000) / 1000 });
  }
  return out.sort((a, b) => b.failingShare - a.failingShare || a.column.localeCompare(b.column));
}
