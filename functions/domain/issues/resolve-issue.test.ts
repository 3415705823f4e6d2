import { describe, expect, it } from 'vitest';
import { makeIssue, makeIssues, testDataset, testRef } from '../../test-support/issue-fixtures';
import { MemoryIssueStore } from '../../test-support/memory-issue-store';
import { Conflict, NotFound, ValidationFailed } from '../errors';
import { resolveIssue, STALE_ISSUE } from './resolve-issue';

let ids = 0;
const clock = { now: () => new Date('2026-03-05T10:00:00.000Z'), newId: () => `EVT${++ids}` };
const edit = { method: 'manual_edit', column: 'amount', value: '500' } as const;

function storeWith(...issues: ReturnType<typeof makeIssue>[]) {
  return new MemoryIssueStore(testDataset, issues);
}

describe('resolving one issue', () => {
  it('saves the value, records the change and keeps the counters equal to a recount', async () => {
    const store = storeWith(...makeIssues(50), makeIssue({ issue_id: 'X' }));

    const row = await resolveIssue(store, testRef, { issueId: 'X', action: edit, version: 1 }, 'ana@a.example', clock);

    expect(row).toMatchObject({ issue_id: 'X', status: 'resolved', current_value: '500', original_value: '-500', resolved_by: 'ana@a.example', version: 2 });
    expect(await store.listHistory(testRef, 'X')).toEqual([expect.objectContaining({ action: 'edited', old_value: '-500', new_value: '500', by: 'ana@a.example' })]);
    expect(store.counters.filter((c) => c.count !== 0)).toEqual(expect.arrayContaining(store.recount()));
    expect(store.counters.filter((c) => c.count !== 0)).toHaveLength(store.recount().length);
  });

  it('answers 409 with the clear message when the client names an older version', async () => {
    const store = storeWith(makeIssue({ issue_id: 'X', version: 3 }));
    const attempt = resolveIssue(store, testRef, { issueId: 'X', action: edit, version: 2 }, 'ana@a.example', clock);
    await expect(attempt).rejects.toThrow(Conflict);
    await expect(attempt).rejects.toThrow(STALE_ISSUE);
    expect(store.events).toEqual([]);
  });

  it('answers 409 when someone writes between its read and its write, if the client named a version', async () => {
    const store = storeWith(makeIssue({ issue_id: 'X' }));
    store.beforeCommit = () => {
      store.issues.get('X')!.version = 2;
      store.beforeCommit = undefined;
    };
    await expect(resolveIssue(store, testRef, { issueId: 'X', action: edit, version: 1 }, 'ana@a.example', clock)).rejects.toThrow(STALE_ISSUE);
  });

  it('re-reads and applies the change after a lost race when the client named no version', async () => {
    const store = storeWith(makeIssue({ issue_id: 'X' }));
    store.beforeCommit = () => {
      store.issues.get('X')!.version = 2;
      store.beforeCommit = undefined;
    };
    const row = await resolveIssue(store, testRef, { issueId: 'X', action: edit }, 'ana@a.example', clock);
    expect(row.version).toBe(3);
  });

  it('answers 409 for a change the status does not allow', async () => {
    const store = storeWith(makeIssue({ issue_id: 'X' }));
    await expect(resolveIssue(store, testRef, { issueId: 'X', action: { method: 'manual_unmute' } }, 'a', clock)).rejects.toThrow('Only muted issues can be unmuted.');
  });

  it('answers 400 when the body names another issue than the path', async () => {
    const store = storeWith(makeIssue({ issue_id: 'X' }));
    await expect(resolveIssue(store, testRef, { issueId: 'X', bodyIssueId: 'Y', action: edit }, 'a', clock)).rejects.toThrow(ValidationFailed);
  });

  it('reads the dataset and the issue in one read', async () => {
    const store = storeWith(makeIssue({ issue_id: 'X' }));
    await resolveIssue(store, testRef, { issueId: 'X', action: edit, version: 1 }, 'a', clock);
    expect({ datasetWithIssues: store.datasetWithIssuesCalls, datasetAlone: store.datasetCalls }).toEqual({ datasetWithIssues: 1, datasetAlone: 0 });
  });

  it('answers 404 for an unknown issue or dataset', async () => {
    const store = storeWith(makeIssue({ issue_id: 'X' }));
    await expect(resolveIssue(store, testRef, { issueId: 'nope', action: edit }, 'a', clock)).rejects.toThrow(NotFound);
    await expect(resolveIssue(store, { ...testRef, datasetId: 'other' }, { issueId: 'X', action: edit }, 'a', clock)).rejects.toThrow('Dataset not found');
  });
});
