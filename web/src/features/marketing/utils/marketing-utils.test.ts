import { appendEvent, trackEvent, readEvents, type AnalyticsEvent } from './analytics';
import { assignVariant, pickVariant, type AbTest } from './ab-test';
import { ctaKind, recordVisit } from './cta';
import { MARKETING_STORAGE_KEYS } from './local-records';

const three: AbTest<'a' | 'b' | 'c'> = { id: 't3', variants: [{ id: 'a', weight: 33 }, { id: 'b', weight: 33 }, { id: 'c', weight: 34 }] };

describe('marketing records', () => {
  beforeEach(() => window.localStorage.clear());

  it('keeps the newest 1,000 analytics events', () => {
    let events: AnalyticsEvent[] = [];
    for (let i = 0; i < 1005; i++) events = appendEvent(events, { name: `e${i}`, page: '/', timestamp: '' });
    expect(events).toHaveLength(1000);
    expect(events[0]!.name).toBe('e5');
    expect(events.at(-1)!.name).toBe('e1004');
  });

  it('stores tracked events in local storage', () => {
    trackEvent('cta_click', { variant: 'waitlist' });
    expect(readEvents()).toEqual([expect.objectContaining({ name: 'cta_click', properties: { variant: 'waitlist' } })]);
  });

  it.each([
    [0, 'a'],
    [0.329, 'a'],
    [0.33, 'b'],
    [0.659, 'b'],
    [0.66, 'c'],
    [0.9999, 'c'],
  ])('splits 33/33/34: %d falls into %s', (random, variant) => {
    expect(pickVariant(three, random)).toBe(variant);
  });

  it('keeps a visitor on the variant first assigned, stored with test, variant, user and time', () => {
    expect(assignVariant(three, () => 0.5)).toBe('b');
    expect(assignVariant(three, () => 0.9)).toBe('b');
    const stored = JSON.parse(window.localStorage.getItem(MARKETING_STORAGE_KEYS.abAssignments)!) as unknown[];
    expect(stored).toEqual([{ testId: 't3', variantId: 'b', userId: expect.any(String), timestamp: expect.any(String) }]);
  });

  it.each([
    [1, false, 'waitlist', 'waitlist'],
    [1, true, 'early-access', 'early-access'],
    [2, false, 'waitlist', 'returning'],
    [4, false, 'waitlist', 'returning'],
    [4, true, 'waitlist', 'readyToBuy'],
    [3, true, 'waitlist', 'returning'],
  ] as const)('words the CTA for %d visits (pricing viewed %s, variant %s) as %s', (visits, viewed, variant, kind) => {
    expect(ctaKind(visits, viewed, variant)).toBe(kind);
  });

  it('counts visits', () => {
    expect(recordVisit()).toBe(1);
    expect(recordVisit()).toBe(2);
  });
});
