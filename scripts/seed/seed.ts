import { AdminCreateUserCommand, AdminSetUserPasswordCommand, UsernameExistsException } from '@aws-sdk/client-cognito-identity-provider';
import { BatchWriteCommand, DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { items } from '../../functions/adapters/dynamodb/items';
import { keys } from '../../functions/adapters/dynamodb/keys';
import { DEMO_ORGANIZATIONS, DEMO_PASSWORDS } from '../../functions/domain/demo/demo-directory';
import { cognitoClient, dynamoClient } from '../local/provision';
import { generateInstanceDatasets } from './generate';

// Seeds the demo organizations, users, instances, datasets and failed rows. Idempotent: users are
// created once, tenancy items are overwritten with the same values, and the datasets are written
// only when the seed marker of this version is absent (so a second start keeps the user's work).

export const SEED_VERSION = 1;

export interface SeedTarget {
  dynamoEndpoint: string;
  cognitoEndpoint: string;
  tableName: string;
  userPoolId: string;
}

async function batchWrite(doc: DynamoDBDocumentClient, tableName: string, all: Array<Record<string, unknown>>): Promise<void> {
  const chunks: Array<Array<Record<string, unknown>>> = [];
  for (let i = 0; i < all.length; i += 25) chunks.push(all.slice(i, i + 25));
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const chunk = chunks[next++]!;
      let request: Record<string, Array<{ PutRequest: { Item: Record<string, unknown> } }>> | undefined = {
        [tableName]: chunk.map((Item) => ({ PutRequest: { Item } })),
      };
      while (request && (request[tableName]?.length ?? 0) > 0) {
        const out = await doc.send(new BatchWriteCommand({ RequestItems: request }));
        request = out.UnprocessedItems as typeof request;
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
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
  await Promise.all(
    DEMO_ORGANIZATIONS.flatMap((org) => org.users.map((u) => ensureUser(target, u.email, DEMO_PASSWORDS[u.passwordType], org.id))),
  );

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
  for (const org of DEMO_ORGANIZATIONS) {
    const owners = org.users.slice(0, 3).map((u) => u.email);
    for (const inst of org.instances) {
      for (const generated of generateInstanceDatasets({ organizationId: org.id, instanceId: inst.id, owners, anchorMs })) {
        data.push(items.dataset(generated.dataset));
        data.push(items.issueCounts(org.id, inst.id, generated.dataset.id, generated.counts));
        for (const issue of generated.issues) data.push(items.issue(org.id, inst.id, issue));
        issueCount += generated.issues.length;
        datasetCount++;
      }
    }
  }
  await batchWrite(doc, target.tableName, [...tenancy, ...data]);
  await doc.send(new PutCommand({ TableName: target.tableName, Item: { ...marker, kind: 'seed', seededAt: new Date().toISOString() } }));
  return { issues: issueCount, datasets: datasetCount, skippedData: false };
}
