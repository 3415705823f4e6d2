import { describe, expect, it } from 'vitest';
import { classifyAgainst, classifyIssue, defaultMatch, enabledUseCasesQuerySchema, nameWords, SEEDED_USE_CASES, createUseCaseRequestSchema } from './use-cases';

const useCase = (id: string) => SEEDED_USE_CASES.find((u) => u.id === id)!;

describe('use case classification', () => {
  it('seeds seven use cases, two enabled, with distinct ids', () => {
    expect(SEEDED_USE_CASES).toHaveLength(7);
    expect(SEEDED_USE_CASES.filter((u) => u.enabled).map((u) => u.id)).toEqual(['revenue-reporting', 'customer-communication']);
    expect(new Set(SEEDED_USE_CASES.map((u) => u.id)).size).toBe(7);
  });

  it('splits names into words', () => {
    expect(nameWords('billingEmail_address-2')).toEqual(['billing', 'email', 'address', '2']);
  });

  it('a column and a dataset the use case reads: its priority, with both reasons', () => {
    const impact = classifyAgainst({ column: 'amount', dataset: 'opportunities', dimension: 'completeness' }, useCase('revenue-reporting'));
    expect(impact).toMatchObject({ useCaseId: 'revenue-reporting', impact: 'critical', priority: 'critical' });
    expect(impact!.reasons).toEqual([
      'Column "amount" matches "amount", which Revenue reporting reads',
      'Dataset "opportunities" matches "opportunities", a source of Revenue reporting',
      'A completeness failure matters to Revenue reporting',
      "Impact critical: the use case's priority",
    ]);
  });

  it('a column alone: one level below the priority', () => {
    const impact = classifyAgainst({ column: 'contact_email', dataset: 'web_events', dimension: 'other' }, useCase('customer-communication'));
    expect(impact).toMatchObject({ impact: 'medium', priority: 'high' });
  });

  it('a dataset alone needs a dimension the use case cares about', () => {
    expect(classifyAgainst({ column: 'notes', dataset: 'customers', dimension: 'timeliness' }, useCase('customer-communication'))).toBeNull();
    expect(classifyAgainst({ column: 'notes', dataset: 'customers', dimension: 'conformity' }, useCase('customer-communication'))).toMatchObject({ impact: 'medium' });
  });

  it('matches plural and compound names, but not mere substrings inside other words', () => {
    expect(classifyAgainst({ column: 'emails', dataset: 'x', dimension: 'other' }, useCase('customer-communication'))).not.toBeNull();
    expect(classifyAgainst({ column: 'notes', dataset: 'customer', dimension: 'completeness' }, useCase('customer-communication'))).not.toBeNull();
    // "tax" is in "syntax" but no word of it begins with tax.
    expect(classifyAgainst({ column: 'syntax_check', dataset: 'x', dimension: 'other' }, useCase('regulatory-compliance'))).toBeNull();
  });

  it('lists every affected use case, highest impact first, and is deterministic', () => {
    const issue = { column: 'amount', dataset: 'opportunities', dimension: 'precision' as const };
    const first = classifyIssue(issue, SEEDED_USE_CASES);
    expect(first.map((i) => [i.useCaseId, i.impact])).toEqual([
      ['revenue-reporting', 'critical'],
      ['sales-forecasting', 'high'],
      ['billing-invoicing', 'medium'],
    ]);
    expect(classifyIssue(issue, [...SEEDED_USE_CASES].reverse())).toEqual(first);
  });

  it('derives keywords of a custom use case from its name and description', () => {
    const match = defaultMatch('Churn model', 'Subscription renewals and churn scores');
    expect(match.columns).toEqual(['churn', 'model', 'subscription', 'renewals', 'scores']);
    const custom = { id: 'custom-1', name: 'Churn model', priority: 'medium' as const, match };
    expect(classifyAgainst({ column: 'renewal_date', dataset: 'accounts', dimension: 'timeliness' }, custom)).toMatchObject({ impact: 'low' });
  });

  it('validates requests: name and description required, priority defaults to medium', () => {
    expect(createUseCaseRequestSchema.safeParse({ name: ' ', description: 'x' }).success).toBe(false);
    expect(createUseCaseRequestSchema.safeParse({ name: 'x' }).success).toBe(false);
    expect(createUseCaseRequestSchema.parse({ name: 'Churn', description: 'Renewals' }).priority).toBe('medium');
    expect(enabledUseCasesQuerySchema.parse('a,b-c')).toEqual(['a', 'b-c']);
    expect(enabledUseCasesQuerySchema.safeParse('a,B!').success).toBe(false);
  });
});
