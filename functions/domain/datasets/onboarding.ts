import type { OnboardingStatus } from '../../../shared/constants';

// Onboarding (spec 2 §3, §4; issue 4 §1): a dataset with data but no checks, or checks never
// scanned, needs finalization; with data, checks and a scan it is onboarded; without data, other.

export function onboardingStatusOf(state: { hasSource: boolean; checks: number; scanned: boolean }): OnboardingStatus {
  if (!state.hasSource) return 'other';
  return state.checks > 0 && state.scanned ? 'onboarded' : 'needs_finalization';
}
