import { MARKETING_STORAGE_KEYS, MAX_ANALYTICS_EVENTS, readJson, writeJson } from './local-records';

export interface AnalyticsEvent {
  name: string;
  page: string;
  timestamp: string;
  properties?: Record<string, string | number | boolean>;
}

/** Appends an event, keeping the newest 1,000. */
export function appendEvent(events: AnalyticsEvent[], event: AnalyticsEvent, max = MAX_ANALYTICS_EVENTS): AnalyticsEvent[] {
  const next = [...events, event];
  return next.length > max ? next.slice(next.length - max) : next;
}

export function trackEvent(name: string, properties?: AnalyticsEvent['properties']): void {
  const events = readJson<AnalyticsEvent[]>(MARKETING_STORAGE_KEYS.analyticsEvents, []);
  const event: AnalyticsEvent = { name, page: window.location.pathname, timestamp: new Date().toISOString(), ...(properties ? { properties } : {}) };
  writeJson(MARKETING_STORAGE_KEYS.analyticsEvents, appendEvent(Array.isArray(events) ? events : [], event));
}

export function readEvents(): AnalyticsEvent[] {
  const events = readJson<AnalyticsEvent[]>(MARKETING_STORAGE_KEYS.analyticsEvents, []);
  return Array.isArray(events) ? events : [];
}
