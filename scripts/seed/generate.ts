import { ulid } from 'ulid';
import { countIssues, statusTotals, type CounterCell } from '../../functions/domain/issues/counters';
import type { IssueHistoryEvent } from '../../functions/domain/issues/issue-history';
import type { IssueRecord } from '../../functions/domain/issues/issue-record';
import type { DatasetRecord, IssueCounts } from '../../functions/domain/tenancy/records';
import { Readable } from 'node:stream';
import { MUTE_DURATIONS, type MuteDuration } from '../../shared/constants';
import { muteUntil } from '../../shared/mute';
import { checksConfigSchema } from '../../shared/schemas/checks';
import { CheckRun, evaluateChecks, type SourceRow } from '../../functions/domain/checks/engine';
import { ProfileBuilder } from '../../functions/domain/profile/build-profile';
import type { DatasetProfile } from '../../functions/domain/profile/profile';
import { failureMapper } from '../../functions/domain/scans/found-failure';
import type { DatasetConfigRecord, DatasetSource } from '../../functions/domain/scans/ports';
import { Reconciler } from '../../functions/domain/scans/reconcile';
import { readCsvRows, type CsvStats } from '../../functions/domain/sources/csv-source';
import { DEMO_DATASETS, demoConfig, generateRecordsCsv, type DemoDatasetPlan } from '../../functions/domain/demo/datasets';
import { chance, mulberry32, pick, seedFrom, type Random } from '../../functions/domain/demo/random';

// Generates one instance's demo datasets: source records (as a CSV file), their checks config,
// the failed rows the real check engine finds on them, the history of the rows already resolved
// or muted, and exact counters. Same inputs, same output.

export interface GeneratedDataset {
  dataset: DatasetRecord;
  issues: IssueRecord[];
  /** One event per row that is already resolved or muted. */
  events: IssueHistoryEvent[];
  counters: CounterCell[];
  counts: IssueCounts;
  /** The source file, as uploaded. */
  csv: string;
  /** Its metadata (the storage key is added when it is stored). */
  source: Omit<DatasetSource, 'key'>;
  config: DatasetConfigRecord;
  profile: DatasetProfile;
}

const DAY = 86_400_000;
/** Two scans a day on each of the 14 days before the anchor (midnight UTC of the seeding day). */
export function scanTimes(anchorMs: number): string[] {
  const out: string[] = [];
  for (let day = 14; day >= 1; day--) {
    for (const hour of [6, 18]) out.push(new Date(anchorMs - day * DAY + hour * 3_600_000).toISOString());
  }
  return out;
}

/** The timed mute durations, in the spec's order (a fifth of seeded mutes are indefinite). */
const TIMED_MUTES = MUTE_DURATIONS.filter((d): d is Exclude<MuteDuration, 'indefinite'> => d !== 'indefinite');

function statusFor(rand: Random, scanMs: number, owners: string[], value: string | null): Partial<IssueRecord> & Pick<IssueRecord, 'status'> {
  const roll = rand();
  if (roll < 0.72) return { status: 'open' };
  if (roll < 0.9) {
    // Fixed at the source: resolved as is, so old and new value are the same.
    return {
      status: 'resolved',
      resolved_at: new Date(scanMs + 3 * 3_600_000).toISOString(),
      resolved_by: pick(rand, owners),
      resolution_method: 'manual_fix',
      original_value: value,
    };
  }
  const mutedAt = scanMs + 3_600_000;
  // Some mutes have run out already (shown as Expired), one in five is indefinite.
  if (chance(rand, 0.2)) return { status: 'muted', muted_at: new Date(mutedAt).toISOString(), muted_by: pick(rand, owners), mute_until: null, mute_duration: 'indefinite' };
  const duration = pick(rand, TIMED_MUTES);
  return {
    status: 'muted',
    muted_at: new Date(mutedAt).toISOString(),
    muted_by: pick(rand, owners),
    mute_until: muteUntil(duration, new Date(mutedAt)),
    mute_duration: duration,
  };
}

/** The event that brought a seeded row to its status (none for open rows). */
function eventFor(issue: IssueRecord, rand: Random): IssueHistoryEvent | undefined {
  if (issue.status === 'open') return undefined;
  const resolved = issue.status === 'resolved';
  const at = (resolved ? issue.resolved_at : issue.muted_at)!;
  return {
    event_id: ulid(Date.parse(at), rand),
    issue_id: issue.issue_id,
    dataset_id: issue.dataset_id,
    action: resolved ? 'resolved' : 'muted',
    at,
    by: (resolved ? issue.resolved_by : issue.muted_by)!,
    old_value: issue.current_value,
    new_value: issue.current_value,
    old_status: 'open',
    new_status: issue.status,
    version: issue.version,
    details: resolved
      ? { method: 'manual_fix', column: issue.issue_column }
      : { method: 'manual_mute', column: issue.issue_column, mute_duration: issue.mute_duration, mute_until: issue.mute_until ?? null },
  };
}

export async function generateDataset(
  plan: DemoDatasetPlan,
  where: { organizationId: string; instanceId: string; owners: string[]; anchorMs: number },
): Promise<GeneratedDataset> {
  const rand = mulberry32(seedFrom(`${where.instanceId}/${plan.id}`));
  // The records leave as the CSV a user would upload, and the checks read that file back through
  // the scan's own reader: what the seed finds is what a scan of the stored file finds.
  const { csv, columns } = generateRecordsCsv(plan, rand, where.anchorMs);
  const config = checksConfigSchema.parse(demoConfig(plan, where.owners));
  const scans = scanTimes(where.anchorMs);
  const lastScanTime = scans[scans.length - 1]!;

  const run = new CheckRun(config.checks, plan.recordKey, { now: new Date(lastScanTime) });
  const reconciler = new Reconciler(new Map(), { datasetId: plan.id, recordKey: plan.recordKey, scanTime: lastScanTime });
  const toFound = failureMapper(config);
  const profile = new ProfileBuilder({ columns });
  const stats: CsvStats = { columns: [], rows: 0, bytes: 0 };
  async function* profiled(rows: AsyncIterable<SourceRow>) {
    for await (const row of rows) {
      profile.add(row.record);
      yield row;
    }
  }
  for await (const batch of evaluateChecks(profiled(readCsvRows(Readable.from([csv]), { recordKey: plan.recordKey }, stats)), run)) {
    for (const failure of batch) reconciler.add(toFound(failure));
  }

  // The rows were found over the two weeks of scans: each carries the scan that found it last,
  // and some were already resolved or muted by the team.
  const issues: IssueRecord[] = reconciler.drain().inserts.map((found) => {
    const scanTime = pick(rand, scans);
    const status = statusFor(rand, Date.parse(scanTime), where.owners, found.current_value);
    // A row already resolved or muted was changed once since it was found.
    return { ...found, scan_time: scanTime, version: status.status === 'open' ? 1 : 2, ...status };
  });
  const events = issues.flatMap((issue) => eventFor(issue, rand) ?? []);
  const counters = countIssues(issues);
  const uploadedAt = new Date(where.anchorMs - 30 * DAY).toISOString();
  return {
    dataset: {
      id: plan.id,
      name: plan.name,
      organizationId: where.organizationId,
      instanceId: where.instanceId,
      onboardingStatus: 'onboarded',
      recordKey: plan.recordKey,
      totalRecords: stats.rows,
      lastScanTime,
      createdAt: uploadedAt,
    },
    issues,
    events,
    counters,
    counts: statusTotals(counters),
    csv,
    source: { fileName: `${plan.id}.csv`, columns: stats.columns, rows: stats.rows, bytes: stats.bytes, uploadedAt, uploadedBy: where.owners[0]! },
    config: { config, updatedAt: uploadedAt, updatedBy: where.owners[0]! },
    profile: profile.finish(),
  };
}

export function generateInstanceDatasets(where: { organizationId: string; instanceId: string; owners: string[]; anchorMs: number }): Promise<GeneratedDataset[]> {
  return Promise.all(DEMO_DATASETS.map((plan) => generateDataset(plan, where)));
}
