import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { describe, expect, inject, it } from 'vitest';
import { emptyDay } from '../../functions/domain/dashboard/daily-activity';
import { statusTotals } from '../../functions/domain/issues/counters';
import type { ProcessedRow } from '../../functions/domain/ai/pipeline/ports';
import { createIssueDataset, FIXTURE_INSTANCE, fixtureDoc, readAllIssues } from '../support/fixtures';

// The dashboard's memo (issue 12): per-dataset figures kept in memory while the dataset's change
// stamp is unchanged. Every writer that changes what they count bumps the stamp, so after each
// write the memoized reads equal a fresh read of the table: a stored AI suggestion, a dismissal,
// a scan's new rows and a reset (whose settled daily records must go too).

const DAY_MS = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

describe('dashboard memo', () => {
  it('follows stored suggestions, dismissals, new rows and a reset', async () => {
    Object.assign(process.env, inject('stackEnv'));
    const { dashboardRepository } = await import('../../functions/adapters/dynamodb/dashboard-repository');
    const { clearDashboardMemo } = await import('../../functions/adapters/dynamodb/dashboard-memo');
    const { aiRepository } = await import('../../functions/adapters/dynamodb/ai-repository');
    const { scanResultsRepository } = await import('../../functions/adapters/dynamodb/scan-results-repository');
    const { items } = await import('../../functions/adapters/dynamodb/items');
    const { quickWinRank } = await import('../../functions/domain/dashboard/quick-win');
    const { countIssues } = await import('../../functions/domain/issues/counters');

    // Arrange: 12 open rows, the first three with a high-confidence suggestion, and a settled day
    // of activity ten days ago.
    const { datasetId, issues } = await createIssueDataset({
      issues: 12,
      build: (i) => ({ status: 'open', ...(i < 3 ? { ai_suggestion: { suggestedValue: `fixed ${i}`, confidence: 95, reasoning: 'probe' } } : {}) }),
    });
    const instance = { organizationId: FIXTURE_INSTANCE.organizationId, instanceId: FIXTURE_INSTANCE.instanceId };
    const ref = { ...instance, datasetId };
    const now = Date.now();
    const settledDate = isoDay(now - 10 * DAY_MS);
    const settled = { ...emptyDay(settledDate), opened: 5, resolved: 2, openDelta: 3 };
    const { doc, table } = fixtureDoc();
    await doc.send(new PutCommand({ TableName: table, Item: items.dailyActivity(instance.organizationId, instance.instanceId, datasetId, settled) }));
    const from = isoDay(now - 89 * DAY_MS);
    const to = isoDay(now);

    /** The memoized reads, and what the table holds. */
    const read = async () => {
      const [cells, wins, days] = await Promise.all([
        dashboardRepository.readCounters(instance, [datasetId]),
        dashboardRepository.countSuggestions(instance, [datasetId]),
        dashboardRepository.readDaily(instance, [datasetId], from, to),
      ]);
      const rows = await readAllIssues(datasetId);
      return {
        memo: { totals: statusTotals(cells.get(datasetId)!), wins: wins.get(datasetId), settled: days.get(datasetId)!.find((d) => d.date === settledDate)?.opened ?? 0 },
        truth: { totals: statusTotals(countIssues(rows)), wins: rows.filter((r) => quickWinRank(r) !== undefined).length },
      };
    };

    clearDashboardMemo();
    let state = await read();
    expect(state.memo).toEqual({ totals: { open: 12, resolved: 0, muted: 0 }, wins: 3, settled: 5 });
    // Read again: from memory this time, and the same.
    expect((await read()).memo).toEqual(state.memo);

    // A stored high-confidence suggestion makes row 5 a quick win.
    const [row5] = [...(await aiRepository.getIssues(ref, [issues[5]!.issue_id])).values()];
    const processed: ProcessedRow = {
      outcome: 'stored',
      suggestion: { suggestedValue: 'fixed 5', confidence: 97, reasoning: 'probe' },
      rule: 'probe',
      provider: 'probe',
      credit: { ...instance, orgId: instance.organizationId, datasetId, issueId: row5!.issue_id, jobId: ulid(), user: 'probe@democorp.example', credits: 1, chargedAt: new Date().toISOString(), provider: 'probe', model: 'probe' },
    };
    expect((await aiRepository.storeProcessed(ref, [{ issue: row5!, processed }])).get(row5!.issue_id)).toBe('written');
    state = await read();
    expect(state.memo.wins).toBe(4);
    expect(state.memo.wins).toBe(state.truth.wins);

    // Dismissing row 0's suggestion takes it out again.
    const [row0] = [...(await aiRepository.getIssues(ref, [issues[0]!.issue_id])).values()];
    await aiRepository.dismiss(ref, row0!);
    state = await read();
    expect(state.memo.wins).toBe(3);
    expect(state.memo.wins).toBe(state.truth.wins);

    // A scan's new rows.
    const scanTime = new Date().toISOString();
    const fresh = [0, 1].map((k) => ({ ...issues[6]!, issue_id: `${issues[6]!.issue_id}N${k}`, record_id: `NEW-${k}`, scan_time: scanTime, version: 1 }));
    await scanResultsRepository.insertIssues(ref, scanTime, fresh, countIssues(fresh));
    state = await read();
    expect(state.memo.totals).toEqual({ open: 14, resolved: 0, muted: 0 });
    expect(state.memo.totals).toEqual(state.truth.totals);

    // A reset clears rows, counters and daily records: nothing memoized of before is used.
    await scanResultsRepository.clearIssues(ref);
    state = await read();
    expect(state.memo).toEqual({ totals: { open: 0, resolved: 0, muted: 0 }, wins: 0, settled: 0 });
    expect(state.truth).toEqual({ totals: { open: 0, resolved: 0, muted: 0 }, wins: 0 });
  }, 60_000);
});
