import { isMissing } from '../../profile/values';
import type { Neighbours, SourceRecord } from '../provider';
import type { NoiseModel } from './channel';
import type { LearnedModel } from './learning';
import type { ColumnIndex, ProfileIndex } from './profile-index';

/** What every rule of the builtin provider gets to look at. */
export interface RuleInput {
  column: string;
  /** The failed value ('' when it is null). */
  current: string;
  row?: SourceRecord;
  /** The rows before and after it in the source file. */
  neighbours?: Neighbours;
  /** This column's profile, when the dataset has one. */
  col?: ColumnIndex;
  index?: ProfileIndex;
  /** The typo model: the profile's confusions plus what fixes showed. */
  noise: NoiseModel;
  learned?: LearnedModel;
}

export const quote = (v: string) => (v === '' ? 'blank' : `"${v.length > 60 ? `${v.slice(0, 57)}…` : v}"`);
export const rows = (n: number) => `${n} row${n === 1 ? '' : 's'}`;

/**
 * A marker written for a value (not a blank) may stand for no value at all: what other rows imply
 * counts only as often as the column is filled.
 */
export function filledShareOf(input: Pick<RuleInput, 'current' | 'col'>): number {
  const { current, col } = input;
  return current !== '' && isMissing(current) && col ? col.profile.filled / Math.max(1, col.profile.filled + col.profile.missing) : 1;
}
