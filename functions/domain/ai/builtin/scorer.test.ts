import { describe, expect, it } from 'vitest';
import type { Candidate } from './candidates';
import { noiseModel } from './channel';
import { FEATURE_NAMES } from './features';
import { rank } from './scorer';

// Invented: a harbour's berth log whose "tug" column is often left empty, and a failed cell that
// reads "none". The missing-value rule measured how often the column's marker stands for an empty
// cell (a habit the model's features do not see); a transformation learned from two fixes also
// writes the marker as empty.

const input = { column: 'tug', current: 'none', noise: noiseModel(undefined) };
const indifferent = FEATURE_NAMES.map(() => 0); // the model alone states every value at 50 %
const habit: Candidate = { value: '', p: 0.8, family: 'missing', rule: 'marker', reason: '', stated: true };
const learned: Candidate = { value: '', p: 0.55, family: 'learned', rule: 'learned', reason: '', support: 2 };

describe('a value a stating rule measured', () => {
  it('is stated at its probability where that rule alone proposes it', () => {
    expect(rank([habit], input, indifferent)?.p).toBeCloseTo(0.8);
  });

  it('is not lowered by another rule that agrees with it', () => {
    const ranked = rank([habit, learned], input, indifferent);
    expect(ranked?.value).toBe('');
    expect(ranked?.p).toBeCloseTo(0.8);
  });

  it('keeps the model reading where that is the higher', () => {
    const weak: Candidate = { ...habit, p: 0.3 };
    expect(rank([weak, learned], input, indifferent)?.p).toBeCloseTo(0.5);
  });
});
