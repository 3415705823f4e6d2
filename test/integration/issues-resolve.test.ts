import { beforeAll, describe, expect, it } from 'vitest';
import { issueHistoryResponseSchema, resolveResponseSchema } from '../../shared/schemas/issues';
import { call, tokenFor, users } from '../support/api';
import { createIssueDataset, FIXTURE_INSTANCE, readAllIssues, recount } from '../support/fixtures';
import type { IssueRecord } from '../../functions/domain/issues/issue-record';

// POST /api/{dataset}/resolve/{id} in every resolution form, its history, versions and counts.
// Each test works on its own fixture dataset.

const instanceId = FIXTURE_INSTANCE.instanceId;
const as = async (email: string) => ({ token: await tokenFor(email), instanceId });
const STALE = 'This issue was changed by someone else. Reload to see the latest version.';

async function counts(datasetId: string) {
  return (await call('GET', `/api/${datasetId}/failed_rows?limit=1`, await as(users.analyst))).body.counts;
}

async function expectCountsEqualRecount(datasetId: string) {
  const [api, list, truth] = await Promise.all([counts(datasetId), call('GET', '/api/datasets', await as(users.analyst)), recount(datasetId)]);
  expect(api).toEqual(truth);
  const listed = list.body.datasets.find((d: { id: string }) => d.id === datasetId);
  expect({ open: listed.openIssues, resolved: listed.resolvedIssues, muted: listed.mutedIssues }).toEqual(truth);
}

const resolve = async (datasetId: string, id: string, body: unknown, email: string = users.analyst) =>
  call('POST', `/api/${datasetId}/resolve/${id}`, { ...(await as(email)), body });

describe('POST /api/{dataset}/resolve/{id}', () => {
  let datasetId: string;
  let issues: IssueRecord[];
  const open = (n: number) => issues.filter((i) => i.status === 'open')[n]!;
  const muted = (n: number) => issues.filter((i) => i.status === 'muted')[n]!;

  beforeAll(async () => {
    ({ datasetId, issues } = await createIssueDataset({ issues: 40, name: 'opportunities' }));
  });

  it('accepts an AI suggestion that empties the cell where the column allows it', async () => {
    // The last such row: the tests below work on the first open rows.
    const allowed = [...issues].reverse().find((i) => i.status === 'open' && i.issue_type !== 'missing_data')!;
    const res = await resolve(datasetId, allowed.issue_id, { resolution: { method: 'accept_suggestion', suggestion: '', confidence: 60 }, version: allowed.version });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'resolved', current_value: '', resolution_method: 'accept_suggestion' });
    await expectCountsEqualRecount(datasetId);
  });

  it('saves an edited value (trimmed), resolves the row by the caller, records old and new value', async () => {
    const issue = open(0);
    const before = await counts(datasetId);

    const res = await resolve(datasetId, issue.issue_id, {
      resolution: { [issue.issue_column]: '  1250  ' },
      resolvedBy: 'someone.else@elsewhere.example',
      issueId: issue.issue_id,
      version: 1,
    });

    expect(res.status).toBe(200);
    const row = resolveResponseSchema.parse(res.body).data;
    expect(row).toMatchObject({
      issue_id: issue.issue_id,
      status: 'resolved',
      display_status: 'resolved',
      current_value: '1250',
      original_value: issue.current_value,
      resolved_by: users.analyst,
      resolution_method: 'manual_edit',
      version: 2,
      opportunity_id: issue.record_id,
    });
    expect(await counts(datasetId)).toEqual({ ...before, open: before.open - 1, resolved: before.resolved + 1 });
    await expectCountsEqualRecount(datasetId);

    const history = await call('GET', `/api/${datasetId}/issues/${issue.issue_id}/history`, await as(users.analyst));
    expect(history.status).toBe(200);
    expect(issueHistoryResponseSchema.parse(history.body).events).toEqual([
      expect.objectContaining({ action: 'edited', by: users.analyst, old_value: issue.current_value, new_value: '1250', old_status: 'open', new_status: 'resolved', version: 2 }),
    ]);
  });

  it('resolves with an accepted suggestion and keeps its confidence in the history', async () => {
    const issue = open(1);
    const res = await resolve(datasetId, issue.issue_id, {
      resolution: { method: 'accept_suggestion', suggestion: 'Closed Won', confidence: 87, reasoning: 'closest allowed stage' },
      issueId: issue.issue_id,
    });

    expect(res.body.data).toMatchObject({ status: 'resolved', current_value: 'Closed Won', resolution_method: 'accept_suggestion' });
    const history = await call('GET', `/api/${datasetId}/issues/${issue.issue_id}/history`, await as(users.analyst));
    expect(history.body.events[0]).toMatchObject({ action: 'suggestion_accepted', new_value: 'Closed Won', details: { confidence: 87, reasoning: 'closest allowed stage' } });
    await expectCountsEqualRecount(datasetId);
  });

  it('resolves as is with manual_fix', async () => {
    const issue = open(2);
    const res = await resolve(datasetId, issue.issue_id, { resolution: { method: 'manual_fix' } });
    expect(res.body.data).toMatchObject({ status: 'resolved', current_value: issue.current_value, resolution_method: 'manual_fix' });
    await expectCountsEqualRecount(datasetId);
  });

  it('unmutes a muted row back to open with manual_unmute, and mutes it again for a week', async () => {
    const issue = muted(0);
    const unmuted = await resolve(datasetId, issue.issue_id, { resolution: { method: 'manual_unmute' } });
    expect(unmuted.body.data).toMatchObject({ status: 'open', mute_until: null, muted_at: null, version: 2 });
    await expectCountsEqualRecount(datasetId);

    const started = Date.now();
    const remuted = await resolve(datasetId, issue.issue_id, { resolution: { method: 'manual_mute', muteDuration: '1_week' }, version: 2 });
    expect(remuted.body.data).toMatchObject({ status: 'muted', display_status: 'muted', muted_by: users.analyst, version: 3 });
    const until = Date.parse(remuted.body.data.mute_until);
    expect(until - started).toBeGreaterThanOrEqual(7 * 86_400_000 - 5000);
    expect(until - started).toBeLessThanOrEqual(7 * 86_400_000 + 60_000);
    await expectCountsEqualRecount(datasetId);

    const history = await call('GET', `/api/${datasetId}/issues/${issue.issue_id}/history`, await as(users.analyst));
    expect(history.body.events.map((e: { action: string }) => e.action)).toEqual(['muted', 'unmuted']);
    expect(history.body.events[0].details).toMatchObject({ mute_duration: '1_week', mute_until: remuted.body.data.mute_until });
  });

  it.each([
    [{ amount: '   ' }, 'resolution.amount', 'Value cannot be empty'],
    // (An empty suggestion is accepted where the column allows it: see above.)
    [{ method: 'accept_suggestion', suggestion: 'x'.repeat(10_001) }, 'resolution.suggestion', 'must be at most 10000 characters'],
    [{ method: 'manual_mute', muteDuration: 'forever' }, 'resolution.muteDuration', expect.stringContaining('1_day')],
    [{ method: 'resolve_it' }, 'resolution.method', expect.any(String)],
  ])('answers 400 naming the field for %j, and changes nothing', async (resolution, field, message) => {
    const issue = open(3);
    const res = await resolve(datasetId, issue.issue_id, { resolution });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field, message }]);
    const [stored] = (await readAllIssues(datasetId)).filter((i) => i.issue_id === issue.issue_id);
    expect(stored).toMatchObject({ status: 'open', version: 1 });
  });

  it('answers 400 when the edited column is not the failed one, or the body names another issue', async () => {
    const issue = open(3);
    const column = issue.issue_column === 'stage' ? 'amount' : 'stage';
    const wrongColumn = await resolve(datasetId, issue.issue_id, { resolution: { [column]: 'x' } });
    expect(wrongColumn.status).toBe(400);
    expect(wrongColumn.body.details).toEqual([expect.objectContaining({ field: `resolution.${column}` })]);

    const wrongIssue = await resolve(datasetId, issue.issue_id, { resolution: { method: 'manual_fix' }, issueId: open(4).issue_id });
    expect(wrongIssue.status).toBe(400);
    expect(wrongIssue.body.details).toEqual([expect.objectContaining({ field: 'issueId' })]);
  });

  it('answers 409 with the clear message for a stale version, and 409 for a change the status does not allow', async () => {
    const issue = open(5);
    expect((await resolve(datasetId, issue.issue_id, { resolution: { method: 'manual_mute' }, version: 1 })).status).toBe(200);

    const stale = await resolve(datasetId, issue.issue_id, { resolution: { method: 'manual_fix' }, version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ success: false, error: STALE, details: { currentVersion: 2 } });

    const notMuted = await resolve(datasetId, open(6).issue_id, { resolution: { method: 'manual_unmute' } });
    expect(notMuted.status).toBe(409);
    expect(notMuted.body.error).toBe('Only muted issues can be unmuted.');

    const resolvedRow = issues.find((i) => i.status === 'resolved')!;
    const again = await resolve(datasetId, resolvedRow.issue_id, { resolution: { method: 'manual_fix' } });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('This issue is already resolved.');
  });

  it('answers 404 for an unknown issue', async () => {
    const res = await resolve(datasetId, 'NOSUCHISSUE', { resolution: { method: 'manual_fix' } });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Issue not found');
    expect((await call('GET', `/api/${datasetId}/issues/NOSUCHISSUE/history`, await as(users.analyst))).status).toBe(404);
  });
});

describe('concurrent writers', () => {
  it('lets exactly one of ten concurrent resolves of the same version win; the others get 409 and counts equal a recount', async () => {
    const { datasetId, issues } = await createIssueDataset({ issues: 12 });
    const issue = issues.find((i) => i.status === 'open')!;
    const auth = await as(users.analyst);

    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        call('POST', `/api/${datasetId}/resolve/${issue.issue_id}`, { ...auth, body: { resolution: { [issue.issue_column]: `value from writer ${n}` }, version: 1 } }),
      ),
    );

    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const r of replies.filter((x) => x.status === 409)) expect(r.body.error).toBe(STALE);
    const winner = replies.find((r) => r.status === 200)!;
    const [stored] = (await readAllIssues(datasetId)).filter((i) => i.issue_id === issue.issue_id);
    expect(stored).toMatchObject({ version: 2, status: 'resolved', current_value: winner.body.data.current_value });
    const history = await call('GET', `/api/${datasetId}/issues/${issue.issue_id}/history`, auth);
    expect(history.body.events).toHaveLength(1);
    await expectCountsEqualRecount(datasetId);
  });

  it('loses no update when many rows of one scan change at once', async () => {
    const { datasetId, issues } = await createIssueDataset({ issues: 36 });
    const auth = await as(users.analyst);
    const open = issues.filter((i) => i.status === 'open');

    const replies = await Promise.all(open.map((i) => call('POST', `/api/${datasetId}/resolve/${i.issue_id}`, { ...auth, body: { resolution: { method: 'manual_fix' } } })));

    expect(replies.map((r) => r.status)).toEqual(open.map(() => 200));
    await expectCountsEqualRecount(datasetId);
    expect((await counts(datasetId)).open).toBe(0);
  });
});
