import { decimalsOf, type NumberLike } from './values';

// How a column writes the unit after its numbers ("39.2 mm", "125 min", "12.8 °C"), where nearly
// all of them carry one unit written one way: its spelling, whether a space comes before it, and
// the decimals its numbers show.

export interface UnitForm {
  /** The unit as the column spells it. */
  spelling: string;
  /** A space between the number and the unit. */
  spaced: boolean;
  /** The decimals most of these numbers show, and their share of them. */
  decimals: number;
  decimalsShare: number;
}

/** Share of a column's numbers (and of its filled cells) that must carry its one unit, written one way, for the unit to be its own. */
const OWN_UNIT_SHARE = 0.8;
/** Numbers with the unit a column must hold before its way of writing them counts. */
const MIN_MEASURED = 10;

/** Votes of a column's values for the way it writes its unit. */
export class UnitVotes {
  private readonly forms = new Map<string, { spelling: string; spaced: boolean; n: number; decimals: Map<number, number> }>();

  /** A value read as a number (`num`), seen `n` times. */
  add(value: string, num: NumberLike, n: number): void {
    if (num.form !== 'unit' || num.remark !== undefined) return;
    const after = value.trim().slice(value.trim().indexOf(num.text) + num.text.length);
    const spelling = after.trim();
    const spaced = /^\s/.test(after);
    const key = `${spaced ? ' ' : ''}${spelling}`;
    const form = this.forms.get(key) ?? { spelling, spaced, n: 0, decimals: new Map<number, number>() };
    form.n += n;
    form.decimals.set(decimalsOf(num.text), (form.decimals.get(decimalsOf(num.text)) ?? 0) + n);
    this.forms.set(key, form);
  }

  /** The column's way, where at least OWN_UNIT_SHARE of its `numbers` and of its `filled` cells take it. */
  form(numbers: number, filled: number): UnitForm | undefined {
    const best = [...this.forms.values()].sort((a, b) => b.n - a.n)[0];
    if (!best || best.n < MIN_MEASURED || best.n < numbers * OWN_UNIT_SHARE || best.n < filled * OWN_UNIT_SHARE) return undefined;
    const [decimals, count] = [...best.decimals].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]!;
    return { spelling: best.spelling, spaced: best.spaced, decimals, decimalsShare: count / best.n };
  }
}
