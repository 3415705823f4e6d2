import { PLANS } from './plans';
import { additionalRowsDollars, annualMonthlyPrice, displayedMonthlyPrice, pricingPlan, PRICING_PLANS } from './pricing';

describe('pricing', () => {
  it.each([
    [1000, 850],
    [0, 0],
    [99, 84],
    [1, 0],
  ])('prices %d a month at %d a month on annual billing', (monthly, annual) => {
    expect(annualMonthlyPrice(monthly)).toBe(annual);
  });

  it('shows custom pricing for Enterprise in both cycles', () => {
    expect(displayedMonthlyPrice(pricingPlan('enterprise'), 'monthly')).toBeNull();
    expect(displayedMonthlyPrice(pricingPlan('enterprise'), 'annual')).toBeNull();
  });

  it('shows Teams at $1,000 monthly and $850 annually', () => {
    expect(displayedMonthlyPrice(pricingPlan('teams'), 'monthly')).toBe(1000);
    expect(displayedMonthlyPrice(pricingPlan('teams'), 'annual')).toBe(850);
  });

  it('sells what the API enforces', () => {
    expect(pricingPlan('teams').includedRows).toBe(PLANS.professional.includedRowsPerMonth);
    expect(pricingPlan('teams').extraRowsDollarsPer1000).toBe(PLANS.professional.overageDollarsPer1000);
    expect(pricingPlan('free').missing).toContain('AI suggestions');
    expect(PLANS.free.aiSuggestions).toBe(false);
    expect(PRICING_PLANS.filter((p) => p.mostPopular).map((p) => p.id)).toEqual(['teams']);
  });

  it.each([
    [500, 0],
    [1000, 0],
    [1001, 1],
    [5000, 4],
    [100_000, 99],
  ])('charges Teams %d rows $%d of additional rows', (rows, dollars) => {
    expect(additionalRowsDollars(rows, pricingPlan('teams'))).toBe(dollars);
  });
});
