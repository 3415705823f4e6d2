import { describe, expect, it } from 'vitest';
import { bulkResolveResponseSchema } from '../../shared/schemas/issues';
import { call, tokenFor, users } from '../support/api';
import { createIssueDataset, FIXTURE_INSTANCE, readAllIssues, recount } from '../support/fixtures';

// POST /api/{dataset}/bulk-resolve: mute, unmute, fix and accept many rows; per-row errors; counts.

const instanceId = FIXTURE_INSTANCE.instanceId;
const auth = async () => ({ token: await tokenFor(users.analyst), instanceId });
const bulk = async (datasetId: string, body: unknown) => call('POST', `/api/${datasetId}/bulk-resolve`, { ...(await auth()), body });

async function expectCountsEqualRecount(datasetId: string) {
  const res = await call('GET', `/api/${datasetId}/failed_rows?limit=1`, await auth());
  expect(res.body.counts).toEqual(await recount(datasetId));
}

describe('POST /api/{dataset}/bulk-resolve', () => {
  it('mutes the selected open rows for a week, then unmutes them, with counts equal to a recount after each', async () => {
    const { datasetId, issues } = await createIssueDataset({ issues: 150 });
    const open = issues.filter((i) => i.status === 'open').map((i) => i.issue_id);

    const muted = await bulk(datasetId, { recordIds: open, resolution: { method: 'manual_mute', muteDuration: '1_week' }, resolvedBy: 'ignored@x.example' });

    expect(muted.status).toBe(200);
    expect(bulkResolveResponseSchema.parse(muted.body)).toEqual({ success: true, resolved: open.length, failed: 0, total: open.length, errors: [] });
    const stored = await readAllIssues(datasetId);
    for (const issue of stored.filter((i) => open.includes(i.issue_id))) {
      expect(issue).toMatchObject({ status: 'muted', muted_by: users.analyst, mute_duration: '1_week', version: 2 });
    }
    await expectCountsEqualRecount(datasetId);

    const unmuted = await bulk(datasetId, { recordIds: open, resolution: { method: 'manual_unmute' } });
    expect(unmuted.body).toMatchObject({ resolved: open.length, failed: 0 });
    expect((await recount(datasetId)).open).toBe(open.length);
    await expectCountsEqualRecount(datasetId);

    const history = await call('GET', `/api/${datasetId}/issues/${open[0]}/history`, await auth());
    expect(history.body.events.map((e: { action: string; details: { bulk?: boolean } }) => [e.action, e.details.bulk])).toEqual([
      ['unmuted', true],
      ['muted', true],
    ]);
  });

  it('mutes indefinitely with no mute_until', async () => {
    const { datasetId, issues } = await createIssueDataset({ issues: 8 });
    const id = issues.find((i) => i.status === 'open')!.issue_id;
    await bulk(datasetId, { recordIds: [id], resolution: { method: 'manual_mute', muteDuration: 'indefinite' } });
    const row = (await call('GET', `/api/${datasetId}/failed_rows?status=muted&limit=100`, await auth())).body.data.find((r: { issue_id: string }) => r.issue_id === id);
    expect(row).toMatchObject({ status: 'muted', mute_until: null, display_status: 'muted' });
  });

  it('reports rows an action does not apply to as per-row errors, not a failure of the call', async () => {
    const { datasetId, issues } = await createIssueDataset({ issues: 12 });
    const ids = issues.map((i) => i.issue_id);
    const mutedCount = issues.filter((i) => i.status === 'muted').length;

    const res = await bulk(datasetId, { recordIds: [...ids, 'NOSUCHROW'], resolution: { method: 'manual_unmute' } });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, resolved: mutedCount, failed: ids.length - mutedCount + 1, total: ids.length + 1 });
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { id: issues.find((i) => i.status === 'open')!.issue_id, error: 'Only muted issues can be unmuted.' },
        { id: issues.find((i) => i.status === 'resolved')!.issue_id, error: 'This issue is already resolved.' },
        { id: 'NOSUCHROW', error: 'Issue not found' },
      ]),
    );
    await expectCountsEqualRecount(datasetId);
  });

  it('resolves rows as is with manual_fix, and accepts only rows that have a stored suggestion', async () => {
    const { datasetId, issues } = await createIssueDataset({
      issues: 10,
      build: (i) => (i === 0 ? { ai_suggestion: { suggestedValue: 'Suggested 0', confidence: 80, reasoning: 'pattern' } } : {}),
    });
    const [withSuggestion, withoutSuggestion, another] = issues.filter((i) => i.status === 'open');

    const accepted = await bulk(datasetId, { recordIds: [withSuggestion!.issue_id, withoutSuggestion!.issue_id], resolution: { method: 'accept_suggestion' } });
    expect(accepted.body).toMatchObject({ resolved: 1, failed: 1, errors: [{ id: withoutSuggestion!.issue_id, error: 'This issue has no AI suggestion to accept.' }] });

    const fixed = await bulk(datasetId, { recordIds: [another!.issue_id], resolution: { method: 'manual_fix' } });
    expect(fixed.body).toMatchObject({ resolved: 1, failed: 0 });

    const stored = new Map((await readAllIssues(datasetId)).map((i) => [i.issue_id, i]));
    expect(stored.get(withSuggestion!.issue_id)).toMatchObject({ status: 'resolved', current_value: 'Suggested 0', resolution_method: 'accept_suggestion' });
    expect(stored.get(another!.issue_id)).toMatchObject({ status: 'resolved', resolution_method: 'manual_fix', resolved_by: users.analyst });
    await expectCountsEqualRecount(datasetId);
  });

  it('keeps counts exact when two bulk calls race over the same rows', async () => {
    const { datasetId, issues } = await createIssueDataset({ issues: 120 });
    const open = issues.filter((i) => i.status === 'open').map((i) => i.issue_id);

    const [a, b] = await Promise.all([
      bulk(datasetId, { recordIds: open, resolution: { method: 'manual_mute', muteDuration: '3_days' } }),
      bulk(datasetId, { recordIds: open, resolution: { method: 'manual_fix' } }),
    ]);

    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    // Every row ends muted or resolved, each change counted once.
    const stored = (await readAllIssues(datasetId)).filter((i) => open.includes(i.issue_id));
    expect(stored.every((i) => i.status !== 'open')).toBe(true);
    expect(b.body.resolved).toBe(stored.filter((i) => i.status === 'resolved').length);
    await expectCountsEqualRecount(datasetId);
  });

  it.each([
    [{ recordIds: [], resolution: { method: 'manual_unmute' } }, 'recordIds', 'Please select at least one row'],
    [{ resolution: { method: 'manual_unmute' } }, 'recordIds', 'Please select at least one row'],
    [{ recordIds: Array.from({ length: 1001 }, (_, i) => `ID${i}`), resolution: { method: 'manual_unmute' } }, 'recordIds', 'must list at most 1000 rows per call'],
    [{ recordIds: ['A'], resolution: { method: 'manual_mute', muteDuration: '2_days' } }, 'resolution.muteDuration', expect.any(String)],
    [{ recordIds: ['A'], resolution: { method: 'delete' } }, 'resolution.method', expect.any(String)],
    [{ recordIds: ['A'] }, 'resolution', expect.any(String)],
  ])('answers 400 naming the field for %#', async (body, field, message) => {
    const res = await bulk('opportunities', body);
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field, message }]);
  });
});
