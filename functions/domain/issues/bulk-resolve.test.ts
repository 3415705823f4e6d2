import { describe, expect, it } from 'vitest';
import { makeIssue, makeIssues, testDataset, testRef } from '../../test-support/issue-fixtures';
import { MemoryIssueStore } from '../../test-support/memory-issue-store';
import { bulkResolve } from './bulk-resolve';
import { STALE_ISSUE } from './resolve-issue';

let ids = 0;
const clock = { now: () => new Date('2026-03-05T10:00:00.000Z'), newId: () => `EVT${String(++ids).padStart(6, '0')}` };
const sameCounts = (store: MemoryIssueStore) => {
  const kept = store.counters.filter((c) => c.count !== 0);
  expect(kept).toHaveLength(store.recount().length);
  expect(kept).toEqual(expect.arrayContaining(store.recount()));
};

describe('bulk actions', () => {
  it('mutes many rows for a week, with one history event each, counters equal to a recount', async () => {
    const issues = makeIssues(300);
    const store = new MemoryIssueStore(testDataset, issues);
    const open = issues.filter((i) => i.status === 'open').map((i) => i.issue_id);

    const res = await bulkResolve(store, testRef, open, { method: 'manual_mute', muteDuration: '1_week' }, 'ana@a.example', clock);

    expect(res).toEqual({ success: true, resolved: open.length, failed: 0, total: open.length, errors: [] });
    for (const id of open) expect(store.issues.get(id)).toMatchObject({ status: 'muted', mute_until: '2026-03-12T10:00:00.000Z', muted_by: 'ana@a.example' });
    expect(store.events.filter((e) => e.action === 'muted' && e.details.bulk)).toHaveLength(open.length);
    sameCounts(store);
  });

  it('reports rows the action does not apply to as per-row errors and changes the others', async () => {
    const store = new MemoryIssueStore(testDataset, [
      makeIssue({ issue_id: 'M', status: 'muted', mute_until: null }),
      makeIssue({ issue_id: 'O', status: 'open' }),
      makeIssue({ issue_id: 'R', status: 'resolved' }),
    ]);

    const res = await bulkResolve(store, testRef, ['M', 'O', 'R', 'nope', 'M'], { method: 'manual_unmute' }, 'a', clock);

    expect(res).toEqual({
      success: true,
      resolved: 1,
      failed: 3,
      total: 4,
      errors: [
        { id: 'O', error: 'Only muted issues can be unmuted.' },
        { id: 'R', error: 'This issue is already resolved.' },
        { id: 'nope', error: 'Issue not found' },
      ],
    });
    sameCounts(store);
  });

  it('accepts each row’s stored suggestion, and fails rows without one', async () => {
    const store = new MemoryIssueStore(testDataset, [
      makeIssue({ issue_id: 'S', ai_suggestion: { suggestedValue: '500', confidence: 90, reasoning: 'sign' } }),
      makeIssue({ issue_id: 'N' }),
    ]);
    const res = await bulkResolve(store, testRef, ['S', 'N'], { method: 'accept_suggestion' }, 'a', clock);
    expect(res.errors).toEqual([{ id: 'N', error: 'This issue has no AI suggestion to accept.' }]);
    expect(store.issues.get('S')).toMatchObject({ status: 'resolved', current_value: '500', resolution_method: 'accept_suggestion' });
  });

  it('re-reads rows that changed under it and applies the action to their new state', async () => {
    const store = new MemoryIssueStore(testDataset, [makeIssue({ issue_id: 'A' }), makeIssue({ issue_id: 'B' })]);
    store.beforeCommit = () => {
      // Someone else muted B meanwhile.
      Object.assign(store.issues.get('B')!, { status: 'muted', version: 2 });
      store.counters = store.recount();
      store.beforeCommit = undefined;
    };
    const res = await bulkResolve(store, testRef, ['A', 'B'], { method: 'manual_fix' }, 'a', clock);
    expect(res.resolved).toBe(2);
    expect(store.issues.get('B')).toMatchObject({ status: 'resolved', version: 3 });
    sameCounts(store);
  });

  it('gives up on a row that keeps changing, with the stale message', async () => {
    const store = new MemoryIssueStore(testDataset, [makeIssue({ issue_id: 'A' })]);
    store.beforeCommit = () => void store.issues.get('A')!.version++;
    const res = await bulkResolve(store, testRef, ['A'], { method: 'manual_fix' }, 'a', clock);
    expect(res).toMatchObject({ resolved: 0, failed: 1, errors: [{ id: 'A', error: STALE_ISSUE }] });
  });
});
