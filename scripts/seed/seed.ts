import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createPoolUser } from '../../functions/adapters/identity/pool-users';
import type { IdentityBinding } from '../../functions/domain/tenancy/records';
import { items } from '../../functions/adapters/dynamodb/items';
import * as keys from '../../functions/adapters/dynamodb/keys';
import { DEMO_ORGANIZATIONS, DEMO_PASSWORDS } from '../../functions/domain/demo/demo-directory';
import { cognitoClient, dynamoClient } from '../local/provision';
import { metaItems } from '../../functions/adapters/dynamodb/dataset-meta-repository';
import { LocalSourceStore } from '../../functions/adapters/storage/local-source-store';
import { sourceFileKey } from '../../functions/domain/sources/source-store';
import { generateInstanceDatasets, type GeneratedDataset } from './generate';
import { batchWrite, clearDataset, datasetItems } from './write';
import { seedAdministration } from './seed-admin';

// Seeds the demo organizations, users, instances, datasets and failed rows. Idempotent: users are
// created once, tenancy items are overwritten with the same values, and the datasets are written
// only when the seed marker of this version is absent (so a second start keeps the user's work).
// A new version replaces the demo datasets' issues, counters and history of an older one.

/**
 * v2: issues carry issue_type and issuesByStatus keys; counters per scan time; seeded history.
 * v3: datasets carry a source file, a checks config and a profile; failed rows come from the check
 * engine (ids derived from record and check, as a scan derives them).
 * v4: daily activity records (issue 12) implied by the seeded rows and their history.
 */
export const SEED_VERSION = 4;

export interface SeedTarget {
  dynamoEndpoint: string;
  cognitoEndpoint: string;
  tableName: string;
  userPoolId: string;
  /** Where the local source store keeps datasets' files (SOURCES_DIR of the local stack). */
  sourcesDir: string;
  /** Told what the seed is doing (npm start prints it: a first start seeds for a while). */
  progress?: (line: string) => void;
}

/** The demo user in the pool (created once), answering its sub: the member is bound to it. */
async function ensureUser(target: SeedTarget, email: string, password: string, organizationId: string): Promise<string> {
  const { sub } = await createPoolUser(cognitoClient(target.cognitoEndpoint), target.userPoolId, { email, password, organizationId }, { reuseExisting: true });
  return sub;
}

/** Midnight UTC of the seeding day: scan times are spread over the 14 days before it. */
function anchor(): number {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
}

/**
 * Stores a demo dataset's file and answers its META items (source, checks, profile), as the
 * upload, the check editor and a scan store them: config, source_data and a re-scan then work on
 * demo datasets like on any other.
 */
async function storeSource(sources: LocalSourceStore, generated: GeneratedDataset): Promise<Array<Record<string, unknown>>> {
  const { dataset } = generated;
  const ref = { organizationId: dataset.organizationId, instanceId: dataset.instanceId, datasetId: dataset.id };
  const key = sourceFileKey({ ...ref, uploadId: `demo-v${SEED_VERSION}` });
  await sources.put(key, generated.csv);
  return [
    metaItems.source(ref, { ...generated.source, key }),
    metaItems.config(ref, generated.config),
    metaItems.profile(ref, generated.profile, dataset.lastScanTime!),
  ];
}

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** Sets a kept demo member's sub to its pool user's (the pool may have been created anew). */
async function rebindDemoMember(doc: DynamoDBDocumentClient, tableName: string, binding: IdentityBinding): Promise<void> {
  try {
    await doc.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.member(binding.organizationId, binding.email),
        UpdateExpression: 'SET #sub = :sub',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#sub': 'sub' },
        ExpressionAttributeValues: { ':sub': binding.sub },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

export async function seedDemo(target: SeedTarget): Promise<{ issues: number; datasets: number; skippedData: boolean }> {
  const doc = DynamoDBDocumentClient.from(dynamoClient(target.dynamoEndpoint), { marshallOptions: { removeUndefinedValues: true } });
  const createdAt = new Date(Date.UTC(2026, 0, 5)).toISOString();
  const tenancy: Array<Record<string, unknown>> = [{ ...keys.health(), kind: 'health', ok: true }];
  const subs = new Map<string, string>();
  const usersStarted = Date.now();
  await Promise.all(
    DEMO_ORGANIZATIONS.flatMap((org) =>
      org.users.map(async (u) => subs.set(u.email, await ensureUser(target, u.email, DEMO_PASSWORDS[u.passwordType], org.id))),
    ),
  );
  target.progress?.(`demo users (${subs.size}) in the user pool  ${seconds(usersStarted)}`);
  const bindings: IdentityBinding[] = [];

  for (const org of DEMO_ORGANIZATIONS) {
    tenancy.push(
      items.organization({
        id: org.id,
        name: org.name,
        type: org.type,
        slug: org.id.replace(/^org_/, ''),
        domain: org.domain,
        domains: [org.domain],
        subscription: org.subscription,
        status: 'active',
        createdAt,
      }),
    );
    for (const inst of org.instances) {
      tenancy.push(items.instance({ ...inst, organizationId: org.id, createdBy: org.users[0]!.email, status: 'active', createdAt }));
    }
    for (const user of org.users) {
      const binding: IdentityBinding = { sub: subs.get(user.email)!, organizationId: org.id, email: user.email };
      bindings.push(binding);
      tenancy.push(items.identity(binding));
      tenancy.push(
        items.member({
          email: user.email,
          sub: binding.sub,
          organizationId: org.id,
          firstName: user.firstName,
          lastName: user.lastName,
          title: user.title,
          role: user.role,
          isOrgAdmin: user.isOrgAdmin,
          createdAt,
        }),
      );
      const assigned = user.isOrgAdmin ? org.instances.map((i) => i.id) : user.instances;
      for (const instanceId of assigned) {
        tenancy.push(items.assignment({ organizationId: org.id, instanceId, email: user.email, role: user.role, assignedAt: createdAt }));
      }
    }
  }

  await seedAdministration(target, doc, createdAt);

  const marker = { pk: 'SYSTEM', sk: `SEED#v${SEED_VERSION}` };
  const seeded = await doc.send(new GetCommand({ TableName: target.tableName, Key: marker, ConsistentRead: true }));
  if (seeded.Item) {
    // Profiles may have been edited by the user: keep existing members, refresh the rest, and bind
    // the members to their pool users (members written before members carried a sub).
    await batchWrite(doc, target.tableName, tenancy.filter((i) => i.kind !== 'member'));
    await Promise.all(bindings.map((b) => rebindDemoMember(doc, target.tableName, b)));
    return { issues: 0, datasets: 0, skippedData: true };
  }

  const data: Array<Record<string, unknown>> = [];
  let issueCount = 0;
  let datasetCount = 0;
  const anchorMs = anchor();
  const sources = new LocalSourceStore(target.sourcesDir, { baseUrl: () => '' });
  const instances = DEMO_ORGANIZATIONS.reduce((n, o) => n + o.instances.length, 0);
  let instanceCount = 0;
  for (const org of DEMO_ORGANIZATIONS) {
    const owners = org.users.slice(0, 3).map((u) => u.email);
    for (const inst of org.instances) {
      const started = Date.now();
      const generated = await generateInstanceDatasets({ organizationId: org.id, instanceId: inst.id, owners, anchorMs });
      for (const one of generated) {
        await clearDataset(doc, target.tableName, org.id, inst.id, one.dataset.id);
        data.push(...datasetItems(one), ...(await storeSource(sources, one)));
        issueCount += one.issues.length;
        datasetCount++;
      }
      instanceCount++;
      target.progress?.(`datasets of instance ${instanceCount}/${instances} (${inst.name}): ${generated.length} datasets, ${datasetCount} so far  ${seconds(started)}`);
    }
  }
  const writeStarted = Date.now();
  await batchWrite(doc, target.tableName, [...tenancy, ...data]);
  target.progress?.(`${(tenancy.length + data.length).toLocaleString('en-US')} items written  ${seconds(writeStarted)}`);
  await doc.send(new PutCommand({ TableName: target.tableName, Item: { ...marker, kind: 'seed', seededAt: new Date().toISOString() } }));
  return { issues: issueCount, datasets: datasetCount, skippedData: false };
}
