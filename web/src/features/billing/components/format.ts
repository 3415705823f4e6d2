/** "March 15, 2026": a trial end as people read it, in their locale's English. */
export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

export const PLAN_STATUS_LABELS = {
  paid: 'Active',
  trialing: 'Trial',
  trial_ended: 'Trial ended',
  free: 'Free',
} as const;
