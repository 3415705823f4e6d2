import { describe, expect, it } from 'vitest';
import { slipOfFrequent } from './slips';

describe('slipOfFrequent', () => {
  const isSlip = slipOfFrequent(['lantern', 'harbour', 'Ferry Road']);

  it.each([
    ['lanern', 'a letter dropped'],
    ['lanttern', 'a letter added'],
    ['lamtern', 'a letter changed'],
    ['hrabour', 'two neighbours swapped'],
    ['FERRY  ROAD', 'other case and spacing'],
  ])('reads %s as a slip (%s)', (value) => {
    expect(isSlip(value)).toBe(true);
  });

  it.each([
    ['lantern', 'the frequent value itself'],
    ['lighthouse', 'another word'],
    ['lanterns3x', 'more than one slip'],
  ])('does not read %s as a slip (%s)', (value) => {
    expect(isSlip(value)).toBe(false);
  });

  it('leaves codes shorter than four characters alone: one character makes another valid code', () => {
    expect(slipOfFrequent(['BRX'])('BRZ')).toBe(false);
  });
});
