import { describe, expect, it } from 'vitest';
import type { Candidate } from './candidates';
import { noiseModel } from './channel';
import { FEATURE_NAMES } from './features';
import type { ProfileIndex } from './profile-index';
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

// Invented: a ferry line's sailings, where the deck a vehicle was stowed on names its class in
// three sailings of four, and the table's strongest relation (the vessel and its home port) holds
// in four rows of five: the class read off the deck alone is right about as often as the deck's
// group agrees, read against that strongest relation.
describe('a value one relation alone names', () => {
  const sure = FEATURE_NAMES.map((name) => (name === 'bias' ? 8 : 0)); // the model alone states every value near certainty
  const sailings = { column: 'vehicle class', current: '?', noise: noiseModel(undefined), index: { strongestRelation: 0.8 } as ProfileIndex };
  const deck: Candidate = { value: 'Coach', p: 0.6, family: 'dependency', rule: 'vehicle class:dependency:deck', reason: '', support: 120 };

  it('is stated at most a quarter of the way from its group’s agreement, read against the strongest relation, to certainty', () => {
    // 0.6 of 0.8 is 0.75; a quarter of the way on is 0.8125.
    expect(rank([deck], sailings, sure)?.p).toBeCloseTo(0.8125);
  });

  it('keeps the model reading where another relation or another rule names the same value', () => {
    const lane: Candidate = { ...deck, rule: 'vehicle class:dependency:lane' };
    const typo: Candidate = { ...deck, family: 'typo', rule: 'typo' };
    expect(rank([deck, lane], sailings, sure)?.p).toBeGreaterThan(0.99);
    expect(rank([deck, typo], sailings, sure)?.p).toBeGreaterThan(0.99);
  });
});
