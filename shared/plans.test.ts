import { formatDollars, overage, PLANS } from './plans';

describe('plans', () => {
  it('has no AI suggestions on the Free plan', () => {
    expect(PLANS.free.aiSuggestions).toBe(false);
  });

  it.each([
    [0, '$0.00'],
    [3, '$3.00'],
    [1234, '$1,234.00'],
  ])('shows %d credits as %s', (credits, text) => {
    expect(formatDollars(credits)).toBe(text);
  });

  it('uses a configured dollar value per credit', () => {
    expect(formatDollars(3, 0.25)).toBe('$0.75');
  });

  it.each([
    [800, 800, 0, 0],
    [1000, 1000, 0, 0],
    [1001, 1000, 1, 1],
    [2500, 1000, 1500, 2],
  ])('counts %d Teams rows as %d included and %d overage ($%d)', (rows, included, over, dollars) => {
    expect(overage(PLANS.professional, rows)).toEqual({ includedRows: included, overageRows: over, overageDollars: dollars });
  });

  it('never charges overage on Enterprise', () => {
    expect(overage(PLANS.enterprise, 50_000)).toEqual({ includedRows: 50_000, overageRows: 0, overageDollars: 0 });
  });
});
