import { DynamoDBDocumentClient, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { metaItems } from '../../functions/adapters/dynamodb/dataset-meta-repository';
import type { DatasetProfile } from '../../functions/domain/profile/profile';
import type { DatasetConfigRecord } from '../../functions/domain/scans/ports';
import { createMemberWithIdentity } from '../../functions/adapters/dynamodb/member-identity';
import { createPoolUser } from '../../functions/adapters/identity/pool-users';
import { inject } from 'vitest';
import { items } from '../../functions/adapters/dynamodb/items';
import * as keys from '../../functions/adapters/dynamodb/keys';
import { countIssues } from '../../functions/domain/issues/counters';
import type { IssueRecord } from '../../functions/domain/issues/issue-record';
import type { DatasetRecord } from '../../functions/domain/tenancy/records';
import { issueTypeOf } from '../../shared/issue-type';
import { recordKeyField } from '../../shared/record-key';
import type { Role } from '../../shared/roles';
import { cognitoClient, dynamoClient } from '../../scripts/local/provision';
import { batchWrite, datasetItems } from '../../scripts/seed/write';

// Extra members for tests that must not disturb the demo users (e.g. account lockout).

/**
 * A member bound to a new pool user, created as the product creates members (the contract of
 * issue 8: pool user first, then member + sub binding + assignments in one transaction). Answers
 * the pool user's sub.
 */
export async function createMember(options: { email: string; password: string; organizationId: string; role?: Role; instances?: string[]; isOrgAdmin?: boolean }): Promise<{ sub: string }> {
  const env = inject('stackEnv');
  const { sub } = await createPoolUser(cognitoClient(env.COGNITO_ENDPOINT!), env.USER_POOL_ID!, {
    email: options.email,
    password: options.password,
    organizationId: options.organizationId,
  });
  const doc = DynamoDBDocumentClient.from(dynamoClient(env.DYNAMODB_ENDPOINT!), { marshallOptions: { removeUndefinedValues: true } });
  const now = new Date().toISOString();
  const role = options.role ?? 'user';
  await createMemberWithIdentity(
    doc,
    env.TABLE_NAME!,
    { email: options.email, sub, organizationId: options.organizationId, firstName: 'Test', lastName: 'Member', title: 'Tester', role, isOrgAdmin: options.isOrgAdmin ?? false, createdAt: now },
    (options.instances ?? []).map((instanceId) => ({ organizationId: options.organizationId, instanceId, email: options.email, role, assignedAt: now })),
  );
  return { sub };
}

// ---- issue datasets ---------------------------------------------------------------------------

/** Where fixture datasets live: an instance no other suite counts datasets of. */
export const FIXTURE_INSTANCE = { organizationId: 'org_demo', instanceId: 'inst_demo_sales' } as const;
export const FIXTURE_OWNERS = ['owner@democorp.example', 'admin@democorp.example', 'analyst@democorp.example'] as const;
export const FIXTURE_SCANS = ['2026-02-01T06:00:00.000Z', '2026-02-01T18:00:00.000Z', '2026-02-02T06:00:00.000Z', '2026-02-02T18:00:00.000Z'] as const;
const FIXTURE_CHECKS = [
  { check_name: 'missing_amount', issue_column: 'amount' },
  { check_name: 'invalid_stage', issue_column: 'stage' },
  { check_name: 'duplicate_name', issue_column: 'name' },
  { check_name: 'close_date_format', issue_column: 'close_date' },
  { check_name: 'probability_range', issue_column: 'probability' },
  { check_name: 'country_not_iso_code', issue_column: 'country' },
] as const;

/** A document client of the test stack's table, for writing fixtures directly. */
export function fixtureDoc() {
  const env = inject('stackEnv');
  return { doc: DynamoDBDocumentClient.from(dynamoClient(env.DYNAMODB_ENDPOINT!), { marshallOptions: { removeUndefinedValues: true } }), table: env.TABLE_NAME! };
}

let fixtureCount = 0;

/**
 * A dataset of its own for a test that changes issues, written through the same item builders as
 * the seed (issues with their index keys, counters, history). Row i gets status, owner, scan and
 * check by simple rotation unless `build` says otherwise.
 */
export async function createIssueDataset(options: { issues: number; name?: string; build?: (i: number) => Partial<IssueRecord>; at?: { organizationId: string; instanceId: string } }): Promise<{ datasetId: string; issues: IssueRecord[] }> {
  const datasetId = `fx-${process.pid}-${Date.now().toString(36)}-${++fixtureCount}`;
  const name = options.name ?? datasetId;
  const recordKey = recordKeyField(name, ['record_id']);
  const statuses = ['open', 'open', 'resolved', 'muted'] as const;
  const issues: IssueRecord[] = Array.from({ length: options.issues }, (_, i) => {
    const check = FIXTURE_CHECKS[i % FIXTURE_CHECKS.length]!;
    const status = statuses[i % statuses.length]!;
    const base: IssueRecord = {
      issue_id: `FX${String(i).padStart(6, '0')}${datasetId.slice(-6).toUpperCase().replace(/[^A-Z0-9]/g, 'X')}`,
      dataset_id: datasetId,
      record_key: recordKey,
      record_id: `REC-${String(1000 + i)}`,
      name: `Record ${i}`,
      issue_column: check.issue_column,
      current_value: i % 7 === 0 ? null : `value ${i}`,
      status,
      check_name: check.check_name,
      owner: FIXTURE_OWNERS[i % FIXTURE_OWNERS.length]!,
      scan_time: FIXTURE_SCANS[Math.floor(i / 3) % FIXTURE_SCANS.length]!,
      issue_type: issueTypeOf(check),
      version: 1,
      ...(status === 'resolved' ? { resolved_at: '2026-02-03T00:00:00.000Z', resolved_by: FIXTURE_OWNERS[0], resolution_method: 'manual_fix' as const, original_value: null } : {}),
      ...(status === 'muted' ? { muted_at: '2026-02-03T00:00:00.000Z', mute_until: i % 8 === 3 ? '2026-02-04T00:00:00.000Z' : null } : {}),
    };
    const issue = { ...base, ...options.build?.(i) };
    return { ...issue, issue_type: issueTypeOf(issue) };
  });
  const dataset: DatasetRecord = {
    id: datasetId,
    name,
    organizationId: options.at?.organizationId ?? FIXTURE_INSTANCE.organizationId,
    instanceId: options.at?.instanceId ?? FIXTURE_INSTANCE.instanceId,
    onboardingStatus: 'onboarded',
    recordKey,
    totalRecords: options.issues,
    lastScanTime: FIXTURE_SCANS[FIXTURE_SCANS.length - 1]!,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
  const { doc, table } = fixtureDoc();
  await batchWrite(doc, table, datasetItems({ dataset, issues, events: [], counters: countIssues(issues) }));
  return { datasetId, issues };
}

/** Writes a fixture dataset's check configuration and column profile (the META items a scan leaves). */
export async function putDatasetMeta(datasetId: string, meta: { config?: DatasetConfigRecord; profile?: DatasetProfile }, at: { organizationId: string; instanceId: string } = FIXTURE_INSTANCE): Promise<void> {
  const { doc, table } = fixtureDoc();
  const ref = { ...at, datasetId };
  if (meta.config) await doc.send(new PutCommand({ TableName: table, Item: metaItems.config(ref, meta.config) }));
  if (meta.profile) await doc.send(new PutCommand({ TableName: table, Item: metaItems.profile(ref, meta.profile, new Date().toISOString()) }));
}

/** Every issue of a dataset, read straight from the table (a full recount; never a request path). */
export async function readAllIssues(datasetId: string, instanceId: string = FIXTURE_INSTANCE.instanceId, organizationId: string = FIXTURE_INSTANCE.organizationId): Promise<IssueRecord[]> {
  const { doc, table } = fixtureDoc();
  const prefix = keys.issuePrefix(organizationId, instanceId, datasetId);
  const out: IssueRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
        ExpressionAttributeValues: { ':pk': prefix.pk, ':sk': prefix.skPrefix },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    out.push(...((page.Items ?? []) as IssueRecord[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

/** Status counts of a dataset by a full recount. */
export async function recount(datasetId: string, instanceId?: string, organizationId?: string): Promise<{ open: number; resolved: number; muted: number }> {
  const counts = { open: 0, resolved: 0, muted: 0 };
  for (const issue of await readAllIssues(datasetId, instanceId, organizationId)) counts[issue.status]++;
  return counts;
}

/**
 * Moves a stored scan job's signs of life (request, start, heartbeat) `ms` into the past: how a test
 * lets the job-liveness window pass without waiting for it.
 */
export async function ageScanJob(datasetId: string, scanId: string, ms: number, at: { organizationId: string; instanceId: string } = FIXTURE_INSTANCE): Promise<void> {
  const { doc, table } = fixtureDoc();
  const then = new Date(Date.now() - ms).toISOString();
  await doc.send(
    new UpdateCommand({
      TableName: table,
      Key: keys.scanJob(at.organizationId, at.instanceId, datasetId, scanId),
      UpdateExpression: 'SET #job.requestedAt = :t, #job.startedAt = :t, #job.heartbeatAt = :t',
      ExpressionAttributeNames: { '#job': 'job' },
      ExpressionAttributeValues: { ':t': then },
    }),
  );
}
