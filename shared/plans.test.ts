import { effectiveSubscription, formatDollars, overage, planStatus, PLANS, trialDaysLeft, trialEndsAt } from './plans';

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

describe('effective plan (subscription + trial)', () => {
  const start = new Date('2026-03-01T10:00:00.000Z');
  const end = trialEndsAt(start);
  const trialing = { subscription: 'free' as const, trial: { endsAt: end } };
  const at = (iso: string) => new Date(iso);

  it('a trial lasts 14 days from its start', () => {
    expect(end).toBe('2026-03-15T10:00:00.000Z');
  });

  it('a Free organization without a trial stays Free', () => {
    expect(effectiveSubscription({ subscription: 'free' }, start)).toBe('free');
    expect(planStatus({ subscription: 'free' }, start)).toBe('free');
  });

  it('is on Teams while the trial runs, and back on Free from its end', () => {
    expect(effectiveSubscription(trialing, start)).toBe('professional');
    expect(effectiveSubscription(trialing, at('2026-03-15T09:59:59.999Z'))).toBe('professional');
    expect(planStatus(trialing, at('2026-03-15T09:59:59.999Z'))).toBe('trialing');
    expect(effectiveSubscription(trialing, at('2026-03-15T10:00:00.000Z'))).toBe('free');
    expect(planStatus(trialing, at('2026-03-15T10:00:00.000Z'))).toBe('trial_ended');
    expect(PLANS[effectiveSubscription(trialing, at('2026-04-01T00:00:00.000Z'))].aiSuggestions).toBe(false);
  });

  it('a paid subscription holds after the trial ends', () => {
    const paid = { subscription: 'professional' as const, trial: { endsAt: end } };
    expect(effectiveSubscription(paid, at('2026-06-01T00:00:00.000Z'))).toBe('professional');
    expect(planStatus(paid, at('2026-06-01T00:00:00.000Z'))).toBe('paid');
    expect(effectiveSubscription({ subscription: 'enterprise', trial: { endsAt: end } }, start)).toBe('enterprise');
  });

  it('counts the days left, a started day as one', () => {
    expect(trialDaysLeft(trialing, start)).toBe(14);
    expect(trialDaysLeft(trialing, at('2026-03-14T10:00:00.001Z'))).toBe(1);
    expect(trialDaysLeft(trialing, at('2026-03-15T10:00:00.000Z'))).toBe(0);
  });

  it('ignores an unreadable trial end', () => {
    expect(effectiveSubscription({ subscription: 'free', trial: { endsAt: 'not a date' } }, start)).toBe('free');
  });
});
