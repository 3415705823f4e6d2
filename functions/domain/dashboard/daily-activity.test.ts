import { describe, expect, it } from 'vitest';
import type { IssueRecord } from '../issues/issue-record';
import { activityOfChanges, activityOfInserts, activityOfRows, timeToResolveBucket } from './daily-activity';

const row = (over: Partial<IssueRecord>): IssueRecord =>
  ({ issue_id: 'A', dataset_id: 'd', status: 'open', scan_time: '2026-03-01T00:00:00.000Z', issue_type: 'missing_data', version: 1, ...over }) as IssueRecord;
const change = (before: Partial<IssueRecord>, after: Partial<IssueRecord>, at: string) => ({ before: row(before), after: row(after), event: { at } });

describe('activityOfChanges', () => {
  it.each([
    { case: 'open → resolved', before: { status: 'open' }, after: { status: 'resolved', resolution_method: 'manual_fix' }, expected: { resolved: 1, openDelta: -1, aiAccepted: 0 } },
    { case: 'open → resolved by accepting', before: { status: 'open' }, after: { status: 'resolved', resolution_method: 'accept_suggestion' }, expected: { resolved: 1, openDelta: -1, aiAccepted: 1 } },
    { case: 'muted → resolved', before: { status: 'muted' }, after: { status: 'resolved' }, expected: { resolved: 1, openDelta: 0 } },
    { case: 'open → muted', before: { status: 'open' }, after: { status: 'muted' }, expected: { muted: 1, openDelta: -1 } },
    { case: 'muted → open', before: { status: 'muted' }, after: { status: 'open' }, expected: { unmuted: 1, openDelta: 1 } },
  ] as const)('counts $case on the day of the change', ({ before, after, expected }) => {
    const [day] = activityOfChanges([change(before, after, '2026-03-02T23:59:00.000Z')]);
    expect(day).toMatchObject({ date: '2026-03-02', ...expected });
  });

  it('leaves out changes that move no status (re-mute)', () => {
    expect(activityOfChanges([change({ status: 'muted' }, { status: 'muted' }, '2026-03-02T10:00:00.000Z')])).toEqual([]);
  });

  it('splits changes by UTC day and buckets time to resolve', () => {
    const days = activityOfChanges([
      change({}, { status: 'resolved' }, '2026-03-01T00:30:00.000Z'),
      change({}, { status: 'resolved' }, '2026-03-03T00:00:00.000Z'),
    ]);
    expect(days.map((d) => [d.date, d.timeToResolve.indexOf(1)])).toEqual([
      ['2026-03-01', 0],
      ['2026-03-03', timeToResolveBucket(48)],
    ]);
  });
});

describe('activityOfInserts and activityOfRows', () => {
  it('opens new rows on the scan day', () => {
    expect(activityOfInserts('2026-03-05T12:00:00.000Z', 3)).toMatchObject([{ date: '2026-03-05', opened: 3, openDelta: 3 }]);
    expect(activityOfInserts('2026-03-05T12:00:00.000Z', 0)).toEqual([]);
  });

  it('implies from loaded rows an open delta equal to their open count', () => {
    const days = activityOfRows([
      row({ status: 'open' }),
      row({ status: 'resolved', resolved_at: '2026-03-04T00:00:00.000Z', resolution_method: 'accept_suggestion' }),
      row({ status: 'muted', muted_at: '2026-03-04T00:00:00.000Z' }),
    ]);
    expect(days.reduce((n, d) => n + d.openDelta, 0)).toBe(1);
    expect(days.find((d) => d.date === '2026-03-04')).toMatchObject({ resolved: 1, muted: 1, aiAccepted: 1 });
  });
});
