import fc from 'fast-check';
import { inject, describe, expect, it } from 'vitest';
import { activityOfHistory, type DailyActivity } from '../../functions/domain/dashboard/daily-activity';
import { statusTotals } from '../../functions/domain/issues/counters';
import type { IssueRecord } from '../../functions/domain/issues/issue-record';
import type { BulkResolution } from '../../shared/schemas/issues';
import { issueTypeOf } from '../../shared/issue-type';
import { createIssueDataset, FIXTURE_INSTANCE, readAllIssues } from '../support/fixtures';

// Counters and daily activity records equal a recount after random sequences of resolve, mute,
// unmute, accept-suggestion and scan (new rows found, open rows found again, open rows passing),
// all through the real use cases and the DynamoDB adapters (issue 12 §7).

type Op =
  | { kind: 'bulk'; resolution: BulkResolution; pick: number[]; day: number }
  | { kind: 'scan'; found: number; again: number[]; passing: number[]; day: number };

const resolutionArb: fc.Arbitrary<BulkResolution> = fc.constantFrom<BulkResolution>(
  { method: 'manual_fix' },
  { method: 'manual_mute', muteDuration: '1_week' },
  { method: 'manual_unmute' },
  { method: 'accept_suggestion' },
);
const picks = fc.array(fc.nat({ max: 40 }), { minLength: 1, maxLength: 6 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('bulk' as const), resolution: resolutionArb, pick: picks, day: fc.nat({ max: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('scan' as const), found: fc.nat({ max: 4 }), again: picks, passing: picks, day: fc.nat({ max: 3 }) }) },
);

const BASE_DAY = Date.parse('2026-03-10T09:00:00.000Z');
const atDay = (day: number, step: number) => new Date(BASE_DAY + day * 86_400_000 + step * 1000);

const comparable = (days: readonly DailyActivity[]) =>
  days
    .map(({ timeToResolve, ...rest }) => ({ ...rest, timed: timeToResolve.reduce((a, b) => a + b, 0) }))
    .filter((d) => d.opened || d.resolved || d.muted || d.unmuted || d.aiAccepted || d.openDelta)
    .sort((a, b) => a.date.localeCompare(b.date));

describe('daily activity records and counters', () => {
  it('equal a recount after random resolve/mute/unmute/accept/scan sequences', async () => {
    Object.assign(process.env, inject('stackEnv'));
    const { issuesRepository } = await import('../../functions/adapters/dynamodb/issues-repository');
    const { scanResultsRepository } = await import('../../functions/adapters/dynamodb/scan-results-repository');
    const { readDailyActivity } = await import('../../functions/adapters/dynamodb/daily-activity');
    const { readCounterCells } = await import('../../functions/adapters/dynamodb/issue-counters');
    const { bulkResolve } = await import('../../functions/domain/issues/bulk-resolve');
    const { resolveByScan } = await import('../../functions/domain/scans/resolve-by-scan');
    const { cellsAdded } = await import('../../functions/domain/scans/reconcile');
    const { dashboardRepository } = await import('../../functions/adapters/dynamodb/dashboard-repository');
    const { quickWinRank } = await import('../../functions/domain/dashboard/quick-win');

    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 7 }), async (ops) => {
        // Prepare: a dataset whose rows are all open, every third with a stored AI suggestion.
        const { datasetId, issues: initial } = await createIssueDataset({
          issues: 10,
          build: (i) => ({
            status: 'open',
            scan_time: '2026-03-09T06:00:00.000Z',
            ...(i % 3 === 0 ? { ai_suggestion: { suggestedValue: `fixed ${i}`, confidence: 95, reasoning: 'probe' } } : {}),
          }),
        });
        const ref = { organizationId: FIXTURE_INSTANCE.organizationId, instanceId: FIXTURE_INSTANCE.instanceId, datasetId };
        const opened: Array<{ scan_time: string }> = initial.map((i) => ({ scan_time: i.scan_time }));
        let step = 0;
        let ids = initial.map((i) => i.issue_id);
        const clockAt = (day: number) => ({ now: () => atDay(day, step++), newId: () => `EV${String(step).padStart(6, '0')}${Math.random().toString(36).slice(2, 10).toUpperCase()}` });

        // The dashboard's memoized counters and quick-win count (issue 12) agree with the table
        // after every step: each writer bumps the dataset's stamp with its change.
        const instance = { organizationId: ref.organizationId, instanceId: ref.instanceId };
        const memoAgrees = async () => {
          const [cells, wins, rows] = await Promise.all([dashboardRepository.readCounters(instance, [datasetId]), dashboardRepository.countSuggestions(instance, [datasetId]), readAllIssues(datasetId)]);
          const comparableCells = (list: ReadonlyArray<{ count: number }>) => list.filter((c) => c.count !== 0).map((c) => JSON.stringify(c)).sort();
          expect(comparableCells(cells.get(datasetId)!)).toEqual(comparableCells(await readCounterCells(ref.organizationId, ref.instanceId, datasetId)));
          expect(wins.get(datasetId)).toBe(rows.filter((r) => quickWinRank(r) !== undefined).length);
        };
        await memoAgrees();

        // Act
        for (const op of ops) {
          const chosen = [...new Set(op.kind === 'bulk' ? op.pick : op.again)].map((n) => ids[n % ids.length]!);
          if (op.kind === 'bulk') {
            await bulkResolve(issuesRepository, ref, chosen, op.resolution, 'probe@democorp.example', clockAt(op.day));
            await memoAgrees();
            continue;
          }
          const scanTime = atDay(op.day, step++).toISOString();
          const inserts: IssueRecord[] = Array.from({ length: op.found }, (_, k) => {
            const base = initial[k % initial.length]!;
            const row: IssueRecord = { ...base, issue_id: `${base.issue_id}S${step}N${k}`, record_id: `NEW-${step}-${k}`, status: 'open', scan_time: scanTime, version: 1 };
            delete row.ai_suggestion;
            return { ...row, issue_type: issueTypeOf(row) };
          });
          if (inserts.length > 0) await scanResultsRepository.insertIssues(ref, scanTime, inserts, cellsAdded(scanTime, inserts, []));
          opened.push(...inserts.map((i) => ({ scan_time: i.scan_time })));
          ids = [...ids, ...inserts.map((i) => i.issue_id)];
          const rows = await issuesRepository.getIssues(ref, ids);
          const open = (list: string[]) => list.map((id) => rows.get(id)!).filter((r) => r.status === 'open');
          const again = open(chosen);
          await scanResultsRepository.moveIssues(ref, scanTime, again.map((r) => ({ before: { ...r }, value: r.current_value })));
          const passing = open([...new Set(op.passing)].map((n) => ids[n % ids.length]!)).filter((r) => !again.some((a) => a.issue_id === r.issue_id));
          const fresh = await issuesRepository.getIssues(ref, passing.map((p) => p.issue_id));
          await resolveByScan(issuesRepository, ref, [...fresh.values()].map((r) => ({ ...r })), clockAt(op.day));
          await memoAgrees();
        }

        // Assess: counters against the rows, daily records against the rows' history.
        const rows = await readAllIssues(datasetId);
        const truth = { open: 0, resolved: 0, muted: 0 };
        for (const row of rows) truth[row.status]++;
        expect(statusTotals(await readCounterCells(ref.organizationId, ref.instanceId, datasetId))).toEqual(truth);

        const events = (await Promise.all(rows.map((r) => issuesRepository.listHistory(ref, r.issue_id)))).flat();
        const expected = activityOfHistory(opened, events, () => '2026-03-09T06:00:00.000Z');
        const written = await readDailyActivity(ref, '2000-01-01', '2999-12-31');
        expect(comparable(written)).toEqual(comparable(expected));
        const totals = written.reduce((n, d) => n + d.openDelta, 0);
        expect(totals).toBe(truth.open);
      }),
      { numRuns: 8 },
    );
  }, 240_000);
});
