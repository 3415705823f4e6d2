import { MARKETING_STORAGE_KEYS, readJson, writeJson } from './local-records';
import type { AbTest } from './ab-test';

// Call-to-action wording (spec 2 §2.8): more than 3 visits with pricing viewed, or more than 1
// visit, change it; a first visit gets the wording of its A/B variant.

export const CTA_TEST: AbTest<'waitlist' | 'early-access'> = {
  id: 'landing-cta-wording',
  variants: [
    { id: 'waitlist', weight: 50 },
    { id: 'early-access', weight: 50 },
  ],
};

export const CTA_WORDING = {
  readyToBuy: 'Start your 14-day Teams trial',
  returning: 'Welcome back: claim your spot',
  waitlist: 'Join the Waitlist',
  'early-access': 'Get Early Access',
} as const;

export type CtaKind = keyof typeof CTA_WORDING;

export function ctaKind(visits: number, pricingViewed: boolean, variant: 'waitlist' | 'early-access'): CtaKind {
  if (visits > 3 && pricingViewed) return 'readyToBuy';
  if (visits > 1) return 'returning';
  return variant;
}

/** Counts this page load as a visit and returns the count. */
export function recordVisit(): number {
  const stored = readJson<number>(MARKETING_STORAGE_KEYS.visitCount, 0);
  const visits = (typeof stored === 'number' && Number.isFinite(stored) ? stored : 0) + 1;
  writeJson(MARKETING_STORAGE_KEYS.visitCount, visits);
  return visits;
}

export function markPricingViewed(): void {
  writeJson(MARKETING_STORAGE_KEYS.pricingViewed, true);
}

export function pricingViewed(): boolean {
  return readJson<boolean>(MARKETING_STORAGE_KEYS.pricingViewed, false) === true;
}
