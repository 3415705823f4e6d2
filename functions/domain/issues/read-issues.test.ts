import { describe, expect, it } from 'vitest';
import { makeIssue, makeIssues, testDataset, testRef } from '../../test-support/issue-fixtures';
import { MemoryIssueStore } from '../../test-support/memory-issue-store';
import { NotFound } from '../errors';
import { bulkResolve } from './bulk-resolve';
import { availableDates, exportFixes, issueHistory, scanTimes } from './read-issues';
import { resolveIssue } from './resolve-issue';

let n = 0;
const clockAt = (iso: string) => ({ now: () => new Date(iso), newId: () => `EVT${String(++n).padStart(4, '0')}` });

describe('the read-only issue calls', () => {
  it('list the days with scans and a day’s scan times, newest first', async () => {
    const store = new MemoryIssueStore(testDataset, makeIssues(100));
    expect(await availableDates(store, testRef)).toEqual(['2026-03-02', '2026-03-01']);
    expect(await scanTimes(store, testRef, '2026-03-02')).toEqual(['2026-03-02T18:00:00.000Z', '2026-03-02T06:00:00.000Z']);
    expect(await scanTimes(store, testRef, '2025-01-01')).toEqual([]);
  });

  it('answer an issue’s history newest first, mute then unmute then edit', async () => {
    const store = new MemoryIssueStore(testDataset, [makeIssue({ issue_id: 'X' })]);
    await bulkResolve(store, testRef, ['X'], { method: 'manual_mute', muteDuration: '3_days' }, 'ana@a.example', clockAt('2026-03-05T10:00:00Z'));
    await bulkResolve(store, testRef, ['X'], { method: 'manual_unmute' }, 'ben@a.example', clockAt('2026-03-05T11:00:00Z'));
    await resolveIssue(store, testRef, { issueId: 'X', action: { method: 'manual_edit', column: 'amount', value: '7' } }, 'cy@a.example', clockAt('2026-03-05T12:00:00Z'));

    const events = await issueHistory(store, testRef, 'X');

    expect(events.map((e) => [e.action, e.by, e.old_status, e.new_status, e.version])).toEqual([
      ['edited', 'cy@a.example', 'open', 'resolved', 4],
      ['unmuted', 'ben@a.example', 'muted', 'open', 3],
      ['muted', 'ana@a.example', 'open', 'muted', 2],
    ]);
    expect(events[2]!.details).toMatchObject({ mute_duration: '3_days', mute_until: '2026-03-08T10:00:00.000Z' });
    expect(events[0]).not.toHaveProperty('dataset_id');
    await expect(issueHistory(store, testRef, 'nope')).rejects.toThrow(NotFound);
  });

  it('export each changed value with the record key, old and new value, method, who and when, latest first', async () => {
    const store = new MemoryIssueStore(testDataset, [
      makeIssue({ issue_id: 'A', record_id: 'OPP-1' }),
      makeIssue({ issue_id: 'B', record_id: 'OPP-2' }),
      makeIssue({ issue_id: 'C', record_id: 'OPP-3' }),
    ]);
    await resolveIssue(store, testRef, { issueId: 'A', action: { method: 'manual_edit', column: 'amount', value: '500' } }, 'ana@a.example', clockAt('2026-03-05T10:00:00Z'));
    await resolveIssue(store, testRef, { issueId: 'B', action: { method: 'manual_fix' } }, 'ben@a.example', clockAt('2026-03-06T10:00:00Z'));
    await resolveIssue(store, testRef, { issueId: 'C', action: { method: 'accept_suggestion', suggestion: '750' } }, 'ben@a.example', clockAt('2026-03-07T10:00:00Z'));

    const { recordKey, fixes } = await exportFixes(store, testRef);

    expect(recordKey).toBe('opportunity_id');
    // B was resolved as is: its value did not change, so there is nothing to apply.
    expect(fixes).toEqual([
      expect.objectContaining({ opportunity_id: 'OPP-3', column: 'amount', old_value: '-500', new_value: '750', method: 'accept_suggestion', resolved_by: 'ben@a.example' }),
      expect.objectContaining({ opportunity_id: 'OPP-1', old_value: '-500', new_value: '500', method: 'manual_edit', resolved_at: '2026-03-05T10:00:00.000Z' }),
    ]);
  });
});
