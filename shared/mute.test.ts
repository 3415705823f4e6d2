import { describe, expect, it } from 'vitest';
import { displayStatus, isMuteExpired, muteUntil } from './mute';

const now = new Date('2026-03-01T12:00:00.000Z');

describe('mute durations', () => {
  it.each([
    ['1_day', '2026-03-02T12:00:00.000Z'],
    ['3_days', '2026-03-04T12:00:00.000Z'],
    ['1_week', '2026-03-08T12:00:00.000Z'],
    ['2_weeks', '2026-03-15T12:00:00.000Z'],
    ['1_month', '2026-03-31T12:00:00.000Z'],
    ['indefinite', null],
  ] as const)('mutes for %s until %s', (duration, until) => {
    expect(muteUntil(duration, now)).toBe(until);
  });

  it('mutes for one day by default', () => {
    expect(muteUntil(undefined, now)).toBe('2026-03-02T12:00:00.000Z');
  });
});

describe('the Expired display status', () => {
  it.each([
    [{ status: 'muted', mute_until: '2026-03-01T11:59:59.000Z' }, 'expired'],
    [{ status: 'muted', mute_until: '2026-03-01T12:00:00.000Z' }, 'expired'],
    [{ status: 'muted', mute_until: '2026-03-01T12:00:01.000Z' }, 'muted'],
    [{ status: 'muted', mute_until: null }, 'muted'],
    [{ status: 'muted' }, 'muted'],
    [{ status: 'open', mute_until: '2020-01-01T00:00:00.000Z' }, 'open'],
    [{ status: 'resolved' }, 'resolved'],
  ] as const)('shows %j as %s', (issue, shown) => {
    expect(displayStatus(issue, now)).toBe(shown);
    expect(isMuteExpired(issue, now)).toBe(shown === 'expired');
  });
});
