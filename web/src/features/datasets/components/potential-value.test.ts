import { potentialValue } from './data-quality-hub';

describe('hub potential value', () => {
  it('is shown in thousands, and in whole dollars below a thousand', () => {
    expect(potentialValue(12_400)).toBe('$12.4k');
    expect(potentialValue(1000)).toBe('$1.0k');
    expect(potentialValue(5)).toBe('$5');
    expect(potentialValue(0)).toBe('$0');
  });
});
