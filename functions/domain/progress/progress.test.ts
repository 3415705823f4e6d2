import { describe, expect, it } from 'vitest';
import { progressQuerySchema } from '../../../shared/schemas/progress';
import { testDataset } from '../../test-support/issue-fixtures';
import { emptyMemberDay, memberActivityOfChanges, memberActivityOfRows, TEAM_MEMBER, type MemberDay } from './member-activity';
import { datesUpTo, myProgress, streakOf, type ProgressStore } from './progress';
import { makeIssue } from '../../test-support/issue-fixtures';

const change = (from: 'open' | 'muted' | 'resolved', to: 'open' | 'muted' | 'resolved', by: string, at: string, method?: 'accept_suggestion' | 'manual_edit' | 'resolved_by_scan') => ({
  before: { status: from },
  after: { status: to, ...(method ? { resolution_method: method } : {}) },
  event: { at, by },
});

describe('member activity of changes', () => {
  it('counts each author per day and adds the team total per day', () => {
    const days = memberActivityOfChanges([
      change('open', 'resolved', 'ana@a.example', '2026-03-01T10:00:00.000Z'),
      change('open', 'resolved', 'ana@a.example', '2026-03-01T11:00:00.000Z', 'accept_suggestion'),
      change('open', 'muted', 'ana@a.example', '2026-03-02T11:00:00.000Z'),
      change('muted', 'open', 'ben@a.example', '2026-03-01T12:00:00.000Z'),
      change('muted', 'resolved', 'ben@a.example', '2026-03-01T12:00:00.000Z'),
      // Not anyone's work: scans, and edits that keep the status.
      change('open', 'resolved', 'system', '2026-03-01T12:00:00.000Z', 'resolved_by_scan'),
      change('open', 'open', 'ben@a.example', '2026-03-01T12:00:00.000Z'),
    ]);
    expect(days).toEqual([
      { email: 'ana@a.example', date: '2026-03-01', resolved: 2, aiFixed: 1, muted: 0, unmuted: 0 },
      { email: 'ana@a.example', date: '2026-03-02', resolved: 0, aiFixed: 0, muted: 1, unmuted: 0 },
      { email: 'ben@a.example', date: '2026-03-01', resolved: 1, aiFixed: 0, muted: 0, unmuted: 1 },
      { email: TEAM_MEMBER, date: '2026-03-01', resolved: 3, aiFixed: 1, muted: 0, unmuted: 1 },
      { email: TEAM_MEMBER, date: '2026-03-02', resolved: 0, aiFixed: 0, muted: 1, unmuted: 0 },
    ]);
  });

  it('reads loaded rows by who resolved or muted them and when', () => {
    const days = memberActivityOfRows([
      makeIssue({ issue_id: 'A', status: 'resolved', resolved_by: 'ana@a.example', resolved_at: '2026-03-01T10:00:00.000Z', resolution_method: 'manual_fix' }),
      makeIssue({ issue_id: 'B', status: 'muted', muted_by: 'ben@a.example', muted_at: '2026-03-02T10:00:00.000Z' }),
      makeIssue({ issue_id: 'C', status: 'open' }),
    ]);
    expect(days.filter((d) => d.email !== TEAM_MEMBER)).toEqual([
      { email: 'ana@a.example', date: '2026-03-01', resolved: 1, aiFixed: 0, muted: 0, unmuted: 0 },
      { email: 'ben@a.example', date: '2026-03-02', resolved: 0, aiFixed: 0, muted: 1, unmuted: 0 },
    ]);
  });
});

describe('streak', () => {
  const today = '2026-03-10';
  it('counts consecutive days ending today, or yesterday while today has none yet', () => {
    expect(streakOf(new Map([['2026-03-10', 1], ['2026-03-09', 2], ['2026-03-08', 1], ['2026-03-06', 4]]), today)).toBe(3);
    expect(streakOf(new Map([['2026-03-09', 2], ['2026-03-08', 1]]), today)).toBe(2);
    expect(streakOf(new Map([['2026-03-08', 1]]), today)).toBe(0);
    expect(streakOf(new Map(datesUpTo(today, 200).map((d) => [d, 1])), today, 90)).toBe(90);
  });
  it('lists the dates of a window oldest first across month ends', () => {
    expect(datesUpTo('2026-03-02', 3)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
  });
});

describe('myProgress', () => {
  const other = { ...testDataset, id: 'leads', name: 'leads' };
  const records: Array<MemberDay & { datasetId: string }> = [
    { ...emptyMemberDay('ana@a.example', '2026-03-10'), resolved: 3, aiFixed: 2, datasetId: 'opportunities' },
    { ...emptyMemberDay('ana@a.example', '2026-03-09'), resolved: 1, muted: 2, datasetId: 'leads' },
    { ...emptyMemberDay('ana@a.example', '2026-02-20'), resolved: 5, datasetId: 'leads' },
    { ...emptyMemberDay(TEAM_MEMBER, '2026-03-10'), resolved: 6, aiFixed: 2, datasetId: 'opportunities' },
    { ...emptyMemberDay(TEAM_MEMBER, '2026-03-09'), resolved: 2, muted: 2, datasetId: 'leads' },
    { ...emptyMemberDay(TEAM_MEMBER, '2026-02-20'), resolved: 9, datasetId: 'leads' },
  ];
  const reads: string[] = [];
  const store: ProgressStore = {
    listDatasets: async () => [testDataset, other],
    readMemberDays: async (ref, email, from, to) => {
      reads.push(`${ref.datasetId} ${email} ${from}..${to}`);
      return records.filter((r) => r.datasetId === ref.datasetId && r.email === email && r.date >= from && r.date <= to);
    },
  };
  const now = new Date('2026-03-10T15:00:00.000Z');

  it('sums the timeframe, the share of the team and the streak, from one range read per dataset and member', async () => {
    const res = await myProgress(store, { organizationId: 'org_a', instanceId: 'inst_a' }, 'ana@a.example', progressQuerySchema.parse({}), now);
    expect(res).toEqual({
      success: true,
      timeframe: '7d',
      data: { resolved: 4, ai_fixed: 2, muted: 2, unmuted: 0, team_resolved: 8, share: 0.5, streak_days: 2, from: '2026-03-04', to: '2026-03-10' },
    });
    expect(reads).toContain('leads ana@a.example 2025-12-11..2026-03-10');
    expect(reads).toContain(`leads ${TEAM_MEMBER} 2026-03-04..2026-03-10`);
  });

  it('gives the days and datasets with include_details, and a wider timeframe', async () => {
    const res = await myProgress(store, { organizationId: 'org_a', instanceId: 'inst_a' }, 'ana@a.example', progressQuerySchema.parse({ timeframe: '30d', include_details: 'true' }), now);
    expect(res.data).toMatchObject({ resolved: 9, team_resolved: 17, share: 0.529 });
    expect(res.data.daily).toHaveLength(30);
    expect(res.data.daily!.at(-1)).toEqual({ date: '2026-03-10', resolved: 3, ai_fixed: 2, muted: 0, team_resolved: 6 });
    expect(res.data.datasets).toEqual([
      { dataset_id: 'leads', name: 'leads', resolved: 6, ai_fixed: 0, muted: 2 },
      { dataset_id: 'opportunities', name: 'opportunities', resolved: 3, ai_fixed: 2, muted: 0 },
    ]);
  });

  it('answers zeros and no share for someone who did nothing; refuses unknown timeframes', async () => {
    const res = await myProgress(store, { organizationId: 'org_a', instanceId: 'inst_a' }, 'new@a.example', progressQuerySchema.parse({ timeframe: '24h' }), now);
    expect(res.data).toMatchObject({ resolved: 0, share: 0, streak_days: 0, from: '2026-03-09' });
    expect(progressQuerySchema.safeParse({ timeframe: '1y' }).success).toBe(false);
    expect(progressQuerySchema.safeParse({ include_details: 'yes' }).success).toBe(false);
  });
});
