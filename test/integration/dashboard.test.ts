import { beforeAll, describe, expect, it } from 'vitest';
import {
  datasetHealthResponseSchema,
  metricsResponseSchema,
  performanceResponseSchema,
  quickWinsResponseSchema,
  realTimeStatsResponseSchema,
  trendsResponseSchema,
} from '../../shared/schemas/dashboard';
import type { IssueRecord } from '../../functions/domain/issues/issue-record';
import { call, tokenFor, users } from '../support/api';
import { createIssueDataset, FIXTURE_INSTANCE, putDatasetMeta } from '../support/fixtures';
import { buildProfile } from '../../functions/domain/profile/build-profile';
import type { DatasetConfigRecord } from '../../functions/domain/scans/ports';

// The dashboard calls of spec 2 §7.3 (issue 12) on a fixture dataset: figures that follow the
// rows, quick wins that are the stored high-confidence suggestions, and 400s that name the field.

const instanceId = FIXTURE_INSTANCE.instanceId;
const as = async () => ({ token: await tokenFor(users.analyst), instanceId });
const get = async (path: string) => call('GET', path, await as());
const today = new Date().toISOString().slice(0, 10);

const priorities = ['critical', 'high', 'medium', 'low'] as const;

describe('dashboard calls', () => {
  let datasetId: string;
  let issues: IssueRecord[];

  beforeAll(async () => {
    // 24 rows: the first 12 open with a suggestion (confidence 95 on even rows, 60 on odd), the rest
    // rotating statuses; priority from the row's check taxonomy.
    ({ datasetId, issues } = await createIssueDataset({
      issues: 24,
      name: 'opportunities',
      build: (i) => ({
        ...(i < 12 ? { status: 'open' as const, ai_suggestion: { suggestedValue: `fixed-${i}`, confidence: i % 2 === 0 ? 95 : 60, reasoning: 'probe' } } : {}),
        taxonomy: {
          dimension: { key: 'completeness', description: 'd' },
          subcategory: { name: 's', description: 'd', priority: priorities[i % 4]!, automationPotential: 0.5 },
        },
      }),
    }));
  });

  const quickWinIds = async (extra = '') => quickWinsResponseSchema.parse((await get(`/api/dashboard/quick-wins?dataset_id=${datasetId}${extra}`)).body).data.map((w) => w.id);
  const health = async () => datasetHealthResponseSchema.parse((await get('/api/dashboard/dataset-health?include_details=true')).body).data.find((d) => d.id === datasetId)!;

  it('lists as quick wins the open rows with a high-confidence suggestion, critical first', async () => {
    const res = quickWinsResponseSchema.parse((await get(`/api/dashboard/quick-wins?dataset_id=${datasetId}&limit=10`)).body);
    const expected = issues.filter((i) => i.status === 'open' && (i.ai_suggestion?.confidence ?? 0) >= 85);
    expect(res.data.map((w) => w.id).sort()).toEqual(expected.map((i) => i.issue_id).sort());
    expect(res.data.map((w) => w.impact)).toEqual([...res.data.map((w) => w.impact)].sort((a, b) => priorities.indexOf(a) - priorities.indexOf(b)));
    expect(res.data.every((w) => w.suggestedAction === 'Accept AI Suggestion' && w.estimatedTimeSaved > 0 && w.businessValue > 0)).toBe(true);
    expect(await quickWinIds('&priority_filter=critical')).toEqual(res.data.filter((w) => w.impact === 'critical').map((w) => w.id));
  });

  it('moves score, open count, trends and quick wins when a quick win is accepted through the resolve path', async () => {
    const [win] = quickWinsResponseSchema.parse((await get(`/api/dashboard/quick-wins?dataset_id=${datasetId}&limit=1`)).body).data;
    const before = await health();
    const trendBefore = trendsResponseSchema.parse((await get(`/api/dashboard/trends?timeframe=7d&dataset_id=${datasetId}`)).body).data;

    const res = await call('POST', `/api/${datasetId}/resolve/${win!.id}`, {
      ...(await as()),
      body: { resolution: { method: 'accept_suggestion', suggestion: win!.suggestedValue, confidence: win!.confidence }, version: win!.version },
    });
    expect(res.status).toBe(200);

    const after = await health();
    expect(after.issuesCount).toBe(before.issuesCount - 1);
    expect(after.qualityScore).toBeGreaterThanOrEqual(before.qualityScore);
    expect(after.details!.counts.resolved).toBe(before.details!.counts.resolved + 1);
    expect(await quickWinIds()).not.toContain(win!.id);
    const trendAfter = trendsResponseSchema.parse((await get(`/api/dashboard/trends?timeframe=7d&dataset_id=${datasetId}`)).body).data;
    expect(trendAfter).toHaveLength(7);
    const last = (t: typeof trendAfter) => t[t.length - 1]!;
    expect(last(trendAfter).date).toBe(today);
    expect(last(trendAfter)).toMatchObject({ resolved: last(trendBefore).resolved + 1, aiAccepted: last(trendBefore).aiAccepted + 1, open: last(trendBefore).open - 1 });
  });

  it('applies N fixes through bulk-resolve with accept_suggestion and drops them from the quick wins', async () => {
    const ids = await quickWinIds('&limit=2');
    const res = await call('POST', `/api/${datasetId}/bulk-resolve`, { ...(await as()), body: { recordIds: ids, resolution: { method: 'accept_suggestion' } } });
    expect(res.status).toBe(200);
    const left = await quickWinIds();
    expect(left.filter((id) => ids.includes(id))).toEqual([]);
  });

  it('reports the instance metrics, real-time stats and performance from the same records', async () => {
    const metrics = metricsResponseSchema.parse((await get('/api/dashboard/metrics?timeframe=7d&include_trends=true')).body);
    expect(metrics.data.trendsData).toHaveLength(7);
    expect(metrics.data.datasetsMonitored).toBeGreaterThan(0);
    expect(metrics.data.issuesResolved).toBeGreaterThanOrEqual(3);
    expect(metrics.data.qualityScore).toBeGreaterThanOrEqual(0);
    const live = realTimeStatsResponseSchema.parse((await get('/api/dashboard/real-time-stats')).body);
    expect(live.data.resolutionsLastHour).toBeGreaterThanOrEqual(3);
    const perf = performanceResponseSchema.parse((await get('/api/dashboard/performance-summary?timeframe=24h')).body);
    expect(perf.data.aiAccepted).toBeGreaterThanOrEqual(3);
    expect(perf.data.aiAcceptanceRate).toBeGreaterThan(0);
  });

  it('explains the score with its inputs, and the quality-score call agrees', async () => {
    const explained = (await get(`/api/diagnostics/datasets/${datasetId}/score`)).body.data;
    const score = (await get(`/api/${datasetId}/quality-score`)).body;
    expect(score).toMatchObject({ success: true, qualityScore: explained.qualityScore, grade: explained.grade });
    expect(explained.checkedValues).toBe(24);
    const list = (await get('/api/diagnostics/datasets')).body;
    expect(list.datasets.find((d: { datasetId: string }) => d.datasetId === datasetId).qualityScore).toBe(explained.qualityScore);
    expect((await get('/api/diagnostics/datasets/no-such-dataset/score')).status).toBe(404);
  });

  it('refresh-cache drops the memoized figures and recomputes them', async () => {
    const res = await call('POST', '/api/dashboard/refresh-cache', { ...(await as()), body: { cache_type: 'metrics' } });
    expect(res.body).toMatchObject({ success: true, cache_type: 'metrics', cached: true, message: 'Cache cleared: figures recomputed from the exact counters and daily records.' });
    expect(res.body.data.datasetsMonitored).toBeGreaterThan(0);
  });

  it.each([
    ['/api/dashboard/metrics?timeframe=1y', 'timeframe'],
    ['/api/dashboard/trends?interval=hour', 'interval'],
    ['/api/dashboard/quick-wins?limit=0', 'limit'],
    ['/api/dashboard/quick-wins?priority_filter=urgent', 'priority_filter'],
    ['/api/dashboard/dataset-health?include_details=maybe', 'include_details'],
  ])('answers 400 naming the field for %s', async (path, field) => {
    const res = await get(path);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.details)).toContain(field);
  });
});

describe('quick wins from learned fixes', () => {
  // 9 open rows of one column without AI suggestions: five hold 'U.S.A', three 'Germny', one
  // 'Frnace'. People fix two 'U.S.A' rows to 'USA' (a learned fix) and one 'Germny' row to
  // 'Germany' (once: not enough to imply anything).
  let datasetId: string;
  let issues: IssueRecord[];
  const fix = async (issue: IssueRecord, value: string) =>
    call('POST', `/api/${datasetId}/resolve/${issue.issue_id}`, { ...(await as()), body: { resolution: { country: value }, version: issue.version } });
  const wins = async () => quickWinsResponseSchema.parse((await get(`/api/dashboard/quick-wins?dataset_id=${datasetId}&limit=10`)).body).data;

  beforeAll(async () => {
    const values = ['U.S.A', 'U.S.A', 'U.S.A', 'U.S.A', 'U.S.A', 'Germny', 'Germny', 'Germny', 'Frnace'];
    ({ datasetId, issues } = await createIssueDataset({
      issues: values.length,
      build: (i) => ({
        status: 'open',
        issue_column: 'country',
        check_name: 'country must be a valid country name',
        current_value: values[i]!,
        original_value: values[i]!,
        taxonomy: {
          dimension: { key: 'conformity', description: 'd' },
          subcategory: { name: 's', description: 'd', priority: i === 4 ? 'critical' : 'medium', automationPotential: 0.5 },
        },
      }),
    }));
  });

  it('lists nothing before a value was fixed the same way twice', async () => {
    expect((await fix(issues[0]!, 'USA')).status).toBe(200);
    expect((await fix(issues[5]!, 'Germany')).status).toBe(200);
    expect(await wins()).toEqual([]);
  });

  it('lists the open rows still holding a value fixed the same way twice, critical first, with the learned value', async () => {
    expect((await fix(issues[1]!, 'USA')).status).toBe(200);
    const list = await wins();
    expect(list.map((w) => w.id)).toEqual([issues[4]!.issue_id, ...[issues[2]!, issues[3]!].map((i) => i.issue_id).sort()]);
    expect(list.every((w) => w.suggestedAction === 'Apply Learned Fix' && w.suggestedValue === 'USA' && w.learnedFrom === 2 && w.confidence === null)).toBe(true);
    expect(list[0]).toMatchObject({ impact: 'critical', estimatedTimeSaved: 15 });
    expect((await get(`/api/dashboard/quick-wins?dataset_id=${datasetId}&priority_filter=medium`)).body.data.map((w: { id: string }) => w.id)).toEqual(list.slice(1).map((w) => w.id));
  });

  it('drops a learned fix once it is applied through the resolve path, and the dataset score rises', async () => {
    const before = datasetHealthResponseSchema.parse((await get('/api/dashboard/dataset-health')).body).data.find((d) => d.id === datasetId)!;
    const [win] = await wins();
    const res = await call('POST', `/api/${datasetId}/resolve/${win!.id}`, { ...(await as()), body: { resolution: { [win!.issue.issue_column]: win!.suggestedValue }, version: win!.version } });
    expect(res.status).toBe(200);
    const after = datasetHealthResponseSchema.parse((await get('/api/dashboard/dataset-health')).body).data.find((d) => d.id === datasetId)!;
    expect(after.issuesCount).toBe(before.issuesCount - 1);
    expect(after.qualityScore).toBeGreaterThan(before.qualityScore);
    // Three agreeing fixes now: the two rows left carry the larger count.
    expect((await wins()).map((w) => [w.id, w.learnedFrom])).toEqual([issues[2]!, issues[3]!].map((i) => [i.issue_id, 3]).sort());
  });

  it('forgets a value whose fixes disagree', async () => {
    expect((await fix(issues[2]!, 'United States')).status).toBe(200);
    expect(await wins()).toEqual([]);
  });
});

describe('a dismissed AI quick win', () => {
  it('becomes a learned fix when earlier fixes imply its value', async () => {
    // Two rows fixed by hand from 'U.S.A' to 'USA'; the open one has a 95 % suggestion.
    const { datasetId, issues } = await createIssueDataset({
      issues: 3,
      build: (i) => ({
        issue_column: 'country',
        check_name: 'country must be a valid country name',
        original_value: 'U.S.A',
        ...(i < 2
          ? { status: 'resolved' as const, current_value: 'USA', resolution_method: 'manual_edit' as const, resolved_at: new Date().toISOString(), resolved_by: 'owner@democorp.example' }
          : { status: 'open' as const, current_value: 'U.S.A', ai_suggestion: { suggestedValue: 'United States', confidence: 95, reasoning: 'probe' } }),
      }),
    });
    const list = async () => quickWinsResponseSchema.parse((await get(`/api/dashboard/quick-wins?dataset_id=${datasetId}`)).body).data.map((w) => [w.id, w.suggestedAction, w.suggestedValue]);
    expect(await list()).toEqual([[issues[2]!.issue_id, 'Accept AI Suggestion', 'United States']]);
    const res = await call('POST', '/api/ai/feedback', { ...(await as()), body: { datasetId, issueId: issues[2]!.issue_id, feedback: 'dismissed' } });
    expect(res.status).toBe(200);
    expect(await list()).toEqual([[issues[2]!.issue_id, 'Apply Learned Fix', 'USA']]);
  });
});

describe('format-check recommendations', () => {
  it('names a phone column whose values partly fail a phone pattern and that no format check guards', async () => {
    const { datasetId } = await createIssueDataset({ issues: 4 });
    // 100 rows: 86 phone numbers and 14 values that read as none; the e-mail column has misfits
    // too, but an invalid-format check already guards it.
    const rows = Array.from({ length: 100 }, (_, i) => ({
      phone: i < 86 ? `+1 415 555 ${String(1000 + i)}` : `call ${i} later`,
      email: i < 90 ? `person${i}@example.com` : `person ${i}`,
      city: `City ${i % 5}`,
    }));
    await putDatasetMeta(datasetId, {
      profile: buildProfile(rows),
      config: {
        config: { ownerRule: { kind: 'fixed', owner: 'owner@democorp.example' }, checks: [{ type: 'invalid_format', name: 'email valid', column: 'email', format: 'email', severity: 'fail' }] },
        updatedAt: new Date().toISOString(),
        updatedBy: 'owner@democorp.example',
      } as unknown as DatasetConfigRecord,
    });
    const health = datasetHealthResponseSchema.parse((await get('/api/dashboard/dataset-health?include_details=true')).body).data.find((d) => d.id === datasetId)!;
    expect(health.details!.formatGaps).toEqual([{ column: 'phone', format: 'phone', failing: 14, failingShare: 0.14 }]);
  });
});
