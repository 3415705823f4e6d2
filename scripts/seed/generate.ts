import { ulid } from 'ulid';
import type { IssueRecord } from '../../functions/domain/issues/issue-record';
import type { DatasetRecord, IssueCounts } from '../../functions/domain/tenancy/records';
import { DEMO_DATASETS, type DemoDatasetPlan } from './demo-datasets';
import { chance, mulberry32, pick, seedFrom, type Random } from './random';

// Generates one instance's demo datasets: source records, the failed rows the checks find on
// them, and exact status counts. Same inputs, same output.

export interface GeneratedDataset {
  dataset: DatasetRecord;
  issues: IssueRecord[];
  counts: IssueCounts;
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

function statusFor(rand: Random, scanMs: number, owners: string[]): Partial<IssueRecord> & Pick<IssueRecord, 'status'> {
  const roll = rand();
  if (roll < 0.72) return { status: 'open' };
  if (roll < 0.9) {
    return { status: 'resolved', resolved_at: new Date(scanMs + 3 * 3_600_000).toISOString(), resolved_by: pick(rand, owners) };
  }
  const mutedAt = scanMs + 3_600_000;
  // Some mutes have run out already (shown as Expired), one in five is indefinite.
  const until = chance(rand, 0.2) ? null : new Date(mutedAt + pick(rand, [1, 3, 7, 14, 30]) * DAY).toISOString();
  return { status: 'muted', muted_at: new Date(mutedAt).toISOString(), mute_until: until };
}

export function generateDataset(
  plan: DemoDatasetPlan,
  where: { organizationId: string; instanceId: string; owners: string[]; anchorMs: number },
): GeneratedDataset {
  const rand = mulberry32(seedFrom(`${where.instanceId}/${plan.id}`));
  const records = Array.from({ length: plan.records }, (_, i) => plan.make(rand, i, where.anchorMs));
  const scans = scanTimes(where.anchorMs);
  const issues: IssueRecord[] = [];
  for (const record of records) {
    for (const check of plan.checks) {
      const value = record[check.column] ?? null;
      if (!check.fails(value, record, records)) continue;
      const scanTime = pick(rand, scans);
      const scanMs = Date.parse(scanTime);
      issues.push({
        issue_id: ulid(scanMs, rand),
        dataset_id: plan.id,
        record_key: plan.recordKey,
        record_id: record[plan.recordKey]!,
        name: record.name ?? record[plan.recordKey]!,
        issue_column: check.column,
        current_value: value,
        check_name: check.name,
        owner: pick(rand, where.owners),
        scan_time: scanTime,
        ...(check.taxonomy ? { taxonomy: check.taxonomy } : {}),
        version: 1,
        ...statusFor(rand, scanMs, where.owners),
      });
    }
  }
  const counts: IssueCounts = { open: 0, resolved: 0, muted: 0 };
  for (const issue of issues) counts[issue.status]++;
  const lastScanTime = scans[scans.length - 1] ?? null;
  return {
    dataset: {
      id: plan.id,
      name: plan.name,
      organizationId: where.organizationId,
      instanceId: where.instanceId,
      onboardingStatus: 'onboarded',
      recordKey: plan.recordKey,
      totalRecords: records.length,
      lastScanTime,
      createdAt: new Date(where.anchorMs - 30 * DAY).toISOString(),
    },
    issues,
    counts,
  };
}

export function generateInstanceDatasets(where: { organizationId: string; instanceId: string; owners: string[]; anchorMs: number }): GeneratedDataset[] {
  return DEMO_DATASETS.map((plan) => generateDataset(plan, where));
}
