import { noiseModel } from '../domain/ai/builtin/channel';
import type { ProfileIndex } from '../domain/ai/builtin/profile-index';
import type { RuleInput } from '../domain/ai/builtin/rule-input';

/** What one rule of the builtin provider sees for a failed value (unit tests of single rules): the profile's index, no learned noise. */
export const ruleInput = (index: ProfileIndex, column: string, current: string, row?: RuleInput['row']): RuleInput => ({
  column,
  current,
  ...(row ? { row } : {}),
  col: index.columns.get(column),
  index,
  noise: noiseModel(undefined),
});
