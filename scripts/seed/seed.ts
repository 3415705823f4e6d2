import { AdminCreateUserCommand, AdminSetUserPasswordCommand, UsernameExistsException } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { items } from '../../functions/adapters/dynamodb/items';
import { keys } from '../../functions/adapters/dynamodb/keys';
import { DEMO_ORGANIZATIONS, DEMO_PASSWORDS } from '../../functions/domain/demo/demo-directory';
import { cognitoClient, dynamoClient } from '../local/provision';
import { metaItems } from '../../functions/adapters/dynamodb/dataset-meta-repository';
import { LocalSourceStore } from '../../functions/adapters/storage/local-source-store';
import { sourceFileKey } from '../../functions/domain/sources/source-store';
import { generateInstanceDatasets, type GeneratedDataset } from './generate';
import { batchWrite, clearDataset, datasetItems } from './write';

// Seeds the demo organizations, users, instances, datasets and failed rows. Idempotent: users are
// created once, tenancy items are overwritten with the same values, and the datasets are written
// only when the seed marker of this version is absent (so a second start keeps the user's work).
// A new version replaces the demo datasets' issues, counters and history of an older one.

/**
 * v2: issues carry issue_type and issuesByStatus keys; counters per scan time; seeded history.
 * v3: datasets carry a source file, a checks config and a profile; failed rows come from the check
 * engine (ids derived from record and check, as a scan derives them).
 */
export const SEED_VERSION = 3;

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

async function ensureUser(target: SeedTarget, email: string, password: string, organizationId: string): Promise<void> {
  const cognito = cognitoClient(target.cognitoEndpoint);
  try {
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: target.userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'custom:organization_id', Value: organizationId },
        ],
      }),
    );
  } catch (error) {
    if (!(error instanceof UsernameExistsException)) throw error;
  }
  await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: target.userPoolId, Username: email, Password: password, Permanent: true }));
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

export async function seedDemo(target: SeedTarget): Promise<{ issues: number; datasets: number; skippedData: boolean }> {
  const doc = DynamoDBDocumentClient.from(dynamoClient(target.dynamoEndpoint), { marshallOptions: { removeUndefinedValues: true } });
  const createdAt = new Date(Date.UTC(2026, 0, 5)).toISOString();
  const tenancy: Array<Record<string, unknown>> = [{ ...keys.health(), kind: 'health', ok: true }];

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
      tenancy.push(
        items.member({
          email: user.email,
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
  const usersStarted = Date.now();
  await Promise.all(
    DEMO_ORGANIZATIONS.flatMap((org) => org.users.map((u) => ensureUser(target, u.email, DEMO_PASSWORDS[u.passwordType], org.id))),
  );
  target.progress?.(`demo users (${DEMO_ORGANIZATIONS.reduce((n, o) => n + o.users.length, 0)}) in the user pool  ${seconds(usersStarted)}`);

  const marker = { pk: 'SYSTEM', sk: `SEED#v${SEED_VERSION}` };
  const seeded = await doc.send(new GetCommand({ TableName: target.tableName, Key: marker, ConsistentRead: true }));
  if (seeded.Item) {
    // Profiles may have been edited by the user: keep existing members, refresh the rest.
    await batchWrite(doc, target.tableName, tenancy.filter((i) => i.kind !== 'member'));
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
