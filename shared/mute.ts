import { DEFAULT_MUTE_DURATION, type DisplayStatus, type IssueStatus, type MuteDuration } from './constants';

// Mute durations and the Expired display status (spec 1 §2, §4). One piece of code for both sides:
// the API computes mute_until with it, the screen decides what a muted row shows with it.

const DAY_MS = 86_400_000;

/** Length of each timed mute. A month is 30 days: "now plus the duration", independent of the calendar. */
export const MUTE_DURATION_MS: Record<Exclude<MuteDuration, 'indefinite'>, number> = {
  '1_day': DAY_MS,
  '3_days': 3 * DAY_MS,
  '1_week': 7 * DAY_MS,
  '2_weeks': 14 * DAY_MS,
  '1_month': 30 * DAY_MS,
};

/**
 * When a mute started at `now` ends: an ISO time, or null for an indefinite mute (the spec's "no
 * mute_until"; we store no 10-year stand-in, so an indefinite mute never shows as Expired).
 */
export function muteUntil(duration: MuteDuration = DEFAULT_MUTE_DURATION, now: Date = new Date()): string | null {
  if (duration === 'indefinite') return null;
  return new Date(now.getTime() + MUTE_DURATION_MS[duration]).toISOString();
}

export interface MuteState {
  status: IssueStatus;
  mute_until?: string | null;
}

/** A muted row whose mute_until has passed. */
export function isMuteExpired(issue: MuteState, now: Date = new Date()): boolean {
  if (issue.status !== 'muted' || !issue.mute_until) return false;
  const until = Date.parse(issue.mute_until);
  return Number.isFinite(until) && until <= now.getTime();
}

/** What the Status column shows: the status, or Expired for a muted row whose time has passed. */
export function displayStatus(issue: MuteState, now: Date = new Date()): DisplayStatus {
  return isMuteExpired(issue, now) ? 'expired' : issue.status;
}
