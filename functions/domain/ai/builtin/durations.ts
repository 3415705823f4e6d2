import { readDuration, readQuantity } from '../../profile/quantity';
import type { Candidate } from './candidates';
import type { ColumnIndex } from './profile-index';
import { quote, type RuleInput } from './rule-input';

// A column of durations written in hours and minutes ("2h 05m", "3 hr 10 min"): a duration
// written another way ("190 min", "3:10", "3 hours 10 minutes") is written in the
// column's form. (A column of one unit, "190 min", is the measure rule's.)

/** A duration as the column writes it: hours, their word, what comes between, minutes and theirs. */
interface DurationForm {
  hourWord: string;
  between: string;
  minuteWord: string;
  /** Minutes padded to two digits ("2h 05m"). */
  padded: boolean;
}

const FORM = /^(\d+)(\s*)([a-zA-Z]+\.?)(\s*)(\d+)(\s*)([a-zA-Z]+\.?)$/;
/** Share of the column's repeated values that must read in the form. */
const FORM_SHARE = 0.9;

const forms = new WeakMap<ColumnIndex, DurationForm | null>();

function formOf(col: ColumnIndex): DurationForm | undefined {
  const cached = forms.get(col);
  if (cached !== undefined) return cached ?? undefined;
  let found: DurationForm | null = null;
  const [top] = col.profile.values[0] ?? [];
  const m = top ? FORM.exec(top) : null;
  const quantity = top ? readQuantity(top) : undefined;
  if (m && quantity?.dimension === 'time' && quantity.units.length === 2 && col.profile.valuesCoverage >= 0.5) {
    const [, , gapH, hourWord, between, , gapM, minuteWord] = m;
    let same = 0;
    let short = 0;
    let total = 0;
    for (const [value, n] of col.profile.values) {
      total += n;
      const parts = FORM.exec(value);
      if (!parts || parts[3] !== hourWord || parts[7] !== minuteWord) continue;
      same += n;
      if (parts[5]!.length === 1) short += n;
    }
    if (same >= FORM_SHARE * total) found = { hourWord: `${gapH}${hourWord}`, between: between!, minuteWord: `${gapM}${minuteWord}`, padded: short === 0 };
  }
  forms.set(col, found);
  return found ?? undefined;
}

export function durationCandidates(input: RuleInput): Candidate[] {
  const { col, current } = input;
  const text = current.trim();
  const form = col ? formOf(col) : undefined;
  if (!col || !form || text === '') return [];
  // "2:05" is hours and minutes in a column of hours and minutes.
  const quantity = readQuantity(text) ?? readDuration(text, { dimension: 'time', size: 60 });
  if (!quantity || quantity.dimension !== 'time') return [];
  const minutes = quantity.amount / 60;
  if (!Number.isInteger(minutes) || minutes < 0) return [];
  const [h, m] = [Math.floor(minutes / 60), minutes % 60];
  const value = `${h}${form.hourWord}${form.between}${form.padded ? String(m).padStart(2, '0') : m}${form.minuteWord}`;
  if (value === text) return [];
  const held = col.counts.has(value);
  return [{ value, p: held ? 0.92 : 0.85, family: 'format', rule: 'format-duration', reason: `The column writes its durations in hours and minutes: ${quote(current)} is ${quote(value)}.` }];
}
