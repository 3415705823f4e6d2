import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient, GetCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import * as keys from '../../functions/adapters/dynamodb/keys';
import { dynamoClient } from '../../scripts/local/provision';
import { call, tokenFor, users } from '../support/api';
import { pool } from '../support/pool';

// DELETE /api/organizations/{id}/permanent through the real local stack (spec 2 §7.1; issue 11):
// a fresh organization with members (pool users), an instance, invites, an audit log and an item of
// every data partition family; refused while active; resumable; afterwards no item names it.

const run = Date.now().toString(36);
const superAdmin = () => tokenFor(users.superAdmin);
const env = () => inject('stackEnv');
const doc = () => DynamoDBDocumentClient.from(dynamoClient(env().DYNAMODB_ENDPOINT!));

async function member(orgId: string, email: string, password: string) {
  const invite = await call('POST', `/api/organizations/${orgId}/invites`, { token: await superAdmin(), body: { invite_type: 'link', role: 'admin' } });
  expect(invite.status).toBe(201);
  const accepted = await call('POST', `/api/invites/${invite.body.invite.invite_code}/accept`, { body: { name: 'Purge Member', email, password } });
  expect(accepted.status).toBe(201);
}

/** Test-only: every item of the table that names the organization (a Scan, never in the app). */
async function itemsNaming(orgId: string): Promise<Array<Record<string, unknown>>> {
  const found: Array<Record<string, unknown>> = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await doc().send(
      new ScanCommand({
        TableName: env().TABLE_NAME,
        FilterExpression: 'contains(pk, :o) OR contains(gsi1pk, :o) OR contains(gsi1sk, :o) OR contains(gsi2pk, :o) OR organizationId = :id',
        ExpressionAttributeValues: { ':o': `ORG#${orgId}`, ':id': orgId },
        ExclusiveStartKey: start,
      }),
    );
    found.push(...((page.Items ?? []) as Array<Record<string, unknown>>));
    start = page.LastEvaluatedKey;
  } while (start);
  return found;
}

async function poolUserExists(email: string): Promise<boolean> {
  const { client, userPoolId } = pool();
  try {
    await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
    return true;
  } catch (error) {
    if (error instanceof Error && error.name === 'UserNotFoundException') return false;
    throw error;
  }
}

/** One item in every data partition family of a dataset and of the organization's AI work. */
async function seedDataFamilies(orgId: string, instanceId: string) {
  const ds = 'purge_probe';
  const put = (item: Record<string, unknown>) => doc().send(new PutCommand({ TableName: env().TABLE_NAME, Item: { organizationId: orgId, ...item } }));
  const issueId = 'ISSUE0PURGE';
  await Promise.all([
    put({ ...keys.dataset(orgId, instanceId, ds), kind: 'dataset', id: ds }),
    put({ ...keys.issue(orgId, instanceId, ds, issueId), kind: 'issue', version: 2 }),
    put({ ...keys.issueEvent(orgId, instanceId, ds, issueId, '2026-01-01T00:00:00Z', 'E1'), kind: 'event' }),
    put({ ...keys.issueCounter(orgId, instanceId, ds, '2026-01-01T00:00:00Z'), kind: 'counters' }),
    put({ ...keys.dailyActivity(orgId, instanceId, ds, '2026-01-01'), kind: 'daily' }),
    put({ ...keys.sourceRecord(orgId, instanceId, ds, 'R1'), kind: 'source' }),
    put({ ...keys.datasetConfig(orgId, instanceId, ds), kind: 'config' }),
    put({ ...keys.aiRuleVotes(orgId, instanceId, ds, 'rule'), kind: 'votes' }),
    put({ ...keys.demoConfig(orgId, instanceId), kind: 'demo' }),
    put({ ...keys.realtimeConnection(orgId, instanceId, `C${instanceId}`), ...keys.realtimeConnectionLookup(`C${instanceId}`), kind: 'realtimeConnection' }),
    put({ ...keys.aiUserState(orgId, 'ai.user@purge.example'), kind: 'aiUser' }),
    put({ ...keys.aiJob(orgId, 'ai.user@purge.example', 'JOB1'), kind: 'aiJob' }),
    put({ ...keys.aiJobOutcome(orgId, 'JOB1', issueId), kind: 'outcome' }),
    put({ ...keys.aiParked(orgId, 'ai.user@purge.example', 'JOB1', issueId), kind: 'parked' }),
    put({ ...keys.creditEntry(orgId, { jobId: 'JOB1', instanceId, datasetId: ds, issueId }), ...keys.creditByUser(orgId, 'ai.user@purge.example', { chargedAt: '2026-01-01T00:00:00Z', jobId: 'JOB1', issueId }), kind: 'credit' }),
  ]);
}

describe('permanent deletion of an organization', () => {
  it('refuses while active, then removes every item and pool user of the tenant, resumably, and records it', async () => {
    const created = await call('POST', '/api/organizations', { token: await superAdmin(), body: { name: `Purge ${run}`, domain: `purge-${run}.example` } });
    expect(created.status).toBe(201);
    const orgId = created.body.organization.id as string;
    const emails = [`one@purge-${run}.example`, `two@purge-${run}.example`];
    for (const email of emails) await member(orgId, email, 'Purge#2026member');
    const instance = await call('POST', `/api/organizations/${orgId}/instances`, { token: await superAdmin(), body: { name: 'Purge instance', type: 'testing', warehouseType: 'mock' } });
    expect(instance.status).toBe(201);
    const instanceId = instance.body.instance.id as string;
    expect((await call('POST', `/api/organizations/${orgId}/instances/${instanceId}/users`, { token: await superAdmin(), body: { userEmail: emails[0], role: 'user' } })).status).toBeLessThan(300);
    expect((await call('POST', `/api/organizations/${orgId}/invites`, { token: await superAdmin(), body: { invite_type: 'email', email: `three@purge-${run}.example`, role: 'user' } })).status).toBe(201);
    await seedDataFamilies(orgId, instanceId);
    const before = await itemsNaming(orgId);
    expect(before.length).toBeGreaterThan(20);

    // Refused while the organization is active: suspend (or soft-delete) it first.
    const active = await call('DELETE', `/api/organizations/${orgId}/permanent`, { token: await superAdmin() });
    expect(active.status).toBe(409);
    expect(active.body.error).toMatch(/Suspend or deactivate/);
    expect(await poolUserExists(emails[0]!)).toBe(true);
    expect((await call('PUT', `/api/organizations/${orgId}`, { token: await superAdmin(), body: { status: 'suspended' } })).status).toBe(200);

    // An interrupted purge (time budget spent after a few partitions) leaves a resumable tenant.
    Object.assign(process.env, env());
    const { purgeTenant } = await import('../../functions/adapters/dynamodb/tenant-purge');
    let ticks = 0;
    const partial = await purgeTenant(orgId, { deadline: 3, now: () => ticks++, deletePoolUser: async () => false });
    expect(partial.complete).toBe(false);
    expect(partial.itemsDeleted).toBeGreaterThan(0);
    const orgItem = await doc().send(new GetCommand({ TableName: env().TABLE_NAME, Key: keys.organization(orgId) }));
    expect(orgItem.Item?.id).toBe(orgId);

    let answer = await call('DELETE', `/api/organizations/${orgId}/permanent`, { token: await superAdmin() });
    for (let i = 0; answer.status === 202 && i < 20; i++) answer = await call('DELETE', `/api/organizations/${orgId}/permanent`, { token: await superAdmin() });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, complete: true, members: 2, poolUsersDeleted: 2, instances: 1 });

    expect(await itemsNaming(orgId)).toEqual([]);
    for (const email of emails) expect(await poolUserExists(email)).toBe(false);
    expect((await call('POST', '/api/auth/login', { body: { email: emails[0], password: 'Purge#2026member' } })).status).toBe(401);
    // Gone: a repeated call finds nothing; the purge is in the super admin's organization's audit log.
    expect((await call('DELETE', `/api/organizations/${orgId}/permanent`, { token: await superAdmin() })).status).toBe(404);
    const me = await call('GET', '/api/users/me', { token: await superAdmin() });
    const audit = await call('GET', `/api/organizations/${me.body.user.organization_id}/audit?limit=50`, { token: await superAdmin() });
    expect(audit.body.entries.some((e: { action: string; target: string }) => e.action === 'organization.purge' && e.target === orgId)).toBe(true);
  }, 300_000);

  it('never purges the caller\'s own organization', async () => {
    const me = await call('GET', '/api/users/me', { token: await superAdmin() });
    const own = await call('DELETE', `/api/organizations/${me.body.user.organization_id}/permanent`, { token: await superAdmin() });
    expect(own.status).toBe(409);
  });
});
