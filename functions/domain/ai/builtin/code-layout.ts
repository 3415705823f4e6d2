import { shapeOf } from '../../profile/values';
import type { Candidate } from './candidates';
import { quote, type RuleInput } from './rule-input';

// Codes of letters and digits written in groups ("KV4 4EN", "GB13 HARB 1000 5003", "AB-1234-CD")
// lose or change their separators on the way: "KV44EN", "KV4-4EN". Where the column writes nearly
// all its values in one grouped shape and the value's letters and digits fall into that shape's
// groups one way only, they are written in its groups (digitLayout in format.ts does the same for
// codes of digits alone).

/** Share of the column's values the shape must cover. */
const LAYOUT_SHARE = 0.6;
const SEPARATORS = /[\s/-]+/g;
const MAX_CODE = 40;

/** The value's letters and digits split into groups of the given shapes, where exactly one split fits. */
function groupsOf(chars: string, shapes: readonly string[]): string[] | undefined {
  const found: string[][] = [];
  const walk = (at: number, group: number, taken: string[]) => {
    if (found.length > 1) return;
    if (group === shapes.length) {
      if (at === chars.length) found.push([...taken]);
      return;
    }
    for (let end = at + 1; end <= chars.length; end++) {
      const part = chars.slice(at, end);
      // Digits are counted one by one in a shape: a part longer than its group's digits and letters cannot fit.
      if (shapeOf(part) !== shapes[group]) continue;
      taken.push(part);
      walk(end, group + 1, taken);
      taken.pop();
    }
  };
  walk(0, 0, []);
  return found.length === 1 ? found[0] : undefined;
}

export function codeLayoutCandidates(input: RuleInput): Candidate[] {
  const { col, current } = input;
  const shape = col?.shape;
  if (!col || !shape || shape.share < LAYOUT_SHARE || current.length > MAX_CODE || col.profile.dateLayout) return [];
  // A code of letters and digits: at least one letter and one digit, in groups or in one (where
  // the value carries a separator the column never writes: "AB 1042" among "AB1042").
  // (A point is a decimal point: "d.d a+" is a measurement, whose digits no layout may move.)
  const seps = shape.shape.match(/[ /-]/g) ?? [];
  if (seps.length === 0 && !/[\s/-]/.test(current.trim())) return [];
  if (!/[Aa]/.test(shape.shape) || !shape.shape.includes('d') || !/^[Aad+ /-]+$/.test(shape.shape)) return [];
  if (shapeOf(current) === shape.shape) return [];
  const groups = shape.shape.split(/[ /-]/);
  const upper = !/a/.test(shape.shape);
  let chars = current.replace(SEPARATORS, '');
  if (!/^[A-Za-z0-9]+$/.test(chars)) return [];
  chars = upper ? chars.toUpperCase() : chars;
  const parts = groupsOf(chars, groups);
  if (!parts) return [];
  const value = parts.map((part, i) => part + (seps[i] ?? '')).join('');
  if (value === current) return [];
  const held = col.counts.get(value) ?? 0;
  return [{ value, p: held > 0 ? 0.92 : 0.85, family: 'format', rule: 'format-layout', reason: `Writes ${quote(current)} in the column's groups (${shape.shape}, ${Math.round(shape.share * 100)}% of values): ${quote(value)}.` }];
}
