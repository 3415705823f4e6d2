import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, table } from './client';
import * as keys from './keys';
import { partitionQuery, queryAll } from './query';
import { batchDelete } from './scan-results-repository';

// Permanent deletion of a tenant (DELETE /api/organizations/{id}/permanent, spec 2 §7.1; issue 11).
// Without a Scan: every partition of an organization is found from the items that name it —
// its instances (ORG#o, INST#…), their datasets (DS#… in the instance partition), the issues of a
// dataset (history partitions), the AI jobs and users (ORG#o#AI) — and TENANT_PARTITIONS below is
// the registry of the partition families this walk covers. A unit test calls every key builder of
// keys.ts and fails for a tenant partition no family matches: a new family must be walked here.
//
// Leaves go first and the items that list them last, so an interrupted purge (a time budget, a
// failure) is resumed by calling it again: what is left still lists what is left. The
// organization item itself goes last.

/** The partition families of a tenant (pk patterns), all removed by purgeTenant. */
export const TENANT_PARTITIONS: ReadonlyArray<{ family: string; pk: RegExp }> = [
  { family: 'organization (members, instances, invites)', pk: /^ORG#[^#]+$/ },
  { family: 'audit log', pk: /^ORG#[^#]+#AUDIT$/ },
  { family: 'AI users and jobs', pk: /^ORG#[^#]+#AI$/ },
  { family: 'AI job outcomes', pk: /^ORG#[^#]+#AIJOB#[^#]+$/ },
  { family: 'parked AI messages', pk: /^ORG#[^#]+#AIPARK#.+$/ },
  { family: 'in-app notifications of a member', pk: /^ORG#[^#]+#NOTIFY#.+$/ },
  { family: 'credit ledger', pk: /^ORG#[^#]+#CREDITS$/ },
  { family: 'QA validation results', pk: /^ORG#[^#]+#QA$/ },
  { family: 'instance (assignments, datasets, demo)', pk: /^ORG#[^#]+#INST#[^#]+$/ },
  { family: 'instance real-time connections', pk: /^ORG#[^#]+#INST#[^#]+#WS$/ },
  { family: 'dataset issues', pk: /^ORG#[^#]+#INST#[^#]+#DS#[^#]+$/ },
  { family: 'dataset children', pk: /^ORG#[^#]+#INST#[^#]+#DS#[^#]+#(COUNTERS|DAILY|SRC|META|AI)$/ },
  { family: 'issue history', pk: /^ORG#[^#]+#INST#[^#]+#DS#[^#]+#ISSUE#[^#]+$/ },
  { family: 'real-time connections of an instance', pk: /^ORG#[^#]+#INST#[^#]+#WS$/ },
];

/** A dataset's partitions beside its issues partition (one per family member above). */
function datasetChildPartitions(orgId: string, instanceId: string, datasetId: string): string[] {
  return [
    keys.issueCounterPrefix(orgId, instanceId, datasetId).pk,
    keys.dailyActivity(orgId, instanceId, datasetId, '').pk,
    keys.sourceRecord(orgId, instanceId, datasetId, '').pk,
    keys.datasetMetaPartition(orgId, instanceId, datasetId).pk,
    keys.aiRuleVotesPrefix(orgId, instanceId, datasetId).pk,
  ];
}

export interface PurgeReport {
  /** False when the time budget ran out first: call again to resume. */
  complete: boolean;
  itemsDeleted: number;
  partitionsEmptied: number;
  instances: number;
  datasets: number;
  members: number;
  poolUsersDeleted: number;
}

export interface PurgeOptions {
  /** Stop (complete: false) once this time (ms) has passed; checked between partitions. */
  deadline: number;
  now(): number;
  /** Deletes the pool user of a member if it is still bound to that sub; answers whether one was deleted. */
  deletePoolUser(email: string, sub: string): Promise<boolean>;
}

class OutOfTime extends Error {}

type Key = { pk: string; sk: string };

/** The keys of a partition's items, with a few more attributes (names escaped: `sub` is a reserved word). */
async function keysIn(pk: string, skPrefix?: string, extra: readonly string[] = []): Promise<Array<Key & Record<string, unknown>>> {
  const names = ['pk', 'sk', ...extra];
  return (await queryAll({
    ...partitionQuery(pk, skPrefix),
    ProjectionExpression: names.map((_, i) => `#a${i}`).join(', '),
    ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#a${i}`, n])),
  })) as Array<Key & Record<string, unknown>>;
}

export async function purgeTenant(orgId: string, options: PurgeOptions): Promise<PurgeReport> {
  const report: PurgeReport = { complete: false, itemsDeleted: 0, partitionsEmptied: 0, instances: 0, datasets: 0, members: 0, poolUsersDeleted: 0 };
  const check = () => {
    if (options.now() > options.deadline) throw new OutOfTime();
  };
  const remove = async (list: Key[]) => {
    if (list.length === 0) return;
    await batchDelete(list);
    report.itemsDeleted += list.length;
  };
  const empty = async (pk: string, except?: (key: Key) => boolean) => {
    check();
    const found = await keysIn(pk);
    await remove(except ? found.filter((k) => !except(k)) : found);
    report.partitionsEmptied++;
  };
  const orgPk = keys.organization(orgId).pk;

  try {
    // Instances (soft-deleted ones too) and their datasets.
    const instances = await keysIn(keys.instancePrefix(orgId).pk, keys.instancePrefix(orgId).skPrefix, ['id']);
    for (const instance of instances) {
      const instanceId = String(instance.id ?? instance.sk.slice('INST#'.length));
      const instancePk = keys.datasetPrefix(orgId, instanceId).pk;
      const datasets = await keysIn(instancePk, keys.datasetPrefix(orgId, instanceId).skPrefix);
      for (const dataset of datasets) {
        const datasetId = dataset.sk.slice('DS#'.length);
        const issuesPk = keys.issuePrefix(orgId, instanceId, datasetId).pk;
        const issues = await keysIn(issuesPk, undefined, ['version']);
        // History of every issue that has one (only a changed issue, version above 1, has history).
        const changed = issues.filter((k) => keys.isIssueKey(k.sk) && Number(k.version ?? 1) > 1).map((k) => keys.issueIdFromKey(k.sk));
        for (let i = 0; i < changed.length; i += 16) {
          check();
          const events = await Promise.all(changed.slice(i, i + 16).map((id) => keysIn(keys.issueEventPrefix(orgId, instanceId, datasetId, id).pk)));
          await remove(events.flat());
          report.partitionsEmptied += events.length;
        }
        for (const pk of datasetChildPartitions(orgId, instanceId, datasetId)) await empty(pk);
        await empty(issuesPk);
        await remove([{ pk: dataset.pk, sk: dataset.sk }]);
        report.datasets++;
      }
      // Real-time connections of the instance (their lookup lives on the same items).
      await empty(keys.realtimeConnections(orgId, instanceId).pk);
      await empty(instancePk);
      report.instances++;
    }

    // AI: job outcomes and parked messages (found from the AI partition and the members), then the ledger.
    const aiPk = keys.aiJobsOfOrganization(orgId).pk;
    const ai = await keysIn(aiPk);
    const members = await keysIn(keys.memberPrefix(orgId).pk, keys.memberPrefix(orgId).skPrefix, ['email', 'sub']);
    const emails = new Set<string>(members.map((m) => String(m.email)));
    for (const item of ai) {
      if (item.sk.startsWith('USER#')) emails.add(item.sk.slice('USER#'.length));
      if (item.sk.startsWith('JOB#')) {
        const jobId = item.sk.slice(item.sk.lastIndexOf('#') + 1);
        await empty(keys.aiJobOutcomes(orgId, jobId).pk);
      }
    }
    for (const email of emails) await empty(keys.aiParkedMessages(orgId, email).pk);
    for (const email of emails) await empty(keys.notificationPrefix(orgId, email).pk);
    await empty(keys.creditLedger(orgId).pk);
    await empty(aiPk);
    await empty(keys.auditLog(orgId).pk);
    await empty(keys.qaResults(orgId).pk);

    // Members: their pool users and sub bindings (the member items go with the organization partition).
    for (const member of members) {
      check();
      const sub = typeof member.sub === 'string' ? member.sub : undefined;
      if (sub) {
        if (await options.deletePoolUser(String(member.email), sub)) report.poolUsersDeleted++;
        const binding = keys.identity(sub);
        await documentClient().send(new DeleteCommand({ TableName: table(), Key: binding, ConditionExpression: 'attribute_not_exists(pk) OR organizationId = :o', ExpressionAttributeValues: { ':o': orgId } }));
        report.itemsDeleted++;
      }
      report.members++;
    }

    // The organization partition, its ORG item last (while it exists, a purge can be resumed).
    const orgItem = keys.organization(orgId);
    await empty(orgPk, (k) => k.sk === orgItem.sk);
    check();
    await remove([orgItem]);
    report.complete = true;
  } catch (error) {
    if (!(error instanceof OutOfTime)) throw error;
  }
  return report;
}
