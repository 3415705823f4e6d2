// The marketing pages' records in local storage (spec 2 §3): analytics events (the last 1,000)
// and A/B assignments. Nothing leaves the browser: there is no third-party tracker.

export const MARKETING_STORAGE_KEYS = {
  analyticsEvents: 'analytics_events',
  abAssignments: 'ab_assignments',
  visitorId: 'analytics_user_id',
  visitCount: 'visit_count',
  pricingViewed: 'pricing_viewed',
} as const;

export const MAX_ANALYTICS_EVENTS = 1000;

export function readJson<T>(key: string, fallback: T): T {
  try {
    const raw = window.localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or blocked: the page works without its records */
  }
}
