import { DeleteCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { describe, expect, inject, it, vi } from 'vitest';
import type { MemberRecord } from '../../functions/domain/tenancy/records';
import { FIXTURE_INSTANCE, fixtureDoc } from '../support/fixtures';

// How a request finds its caller (issue 9 item 8): the member bound to the token's sub, its
// organization and the named instance and assignment, in ONE DynamoDB request once the container
// has seen the sub (binding-hints.ts). The remembered binding is only a hint: a re-pointed binding
// is followed, and a removed member or another user's member at the hinted place answers nothing.

const { organizationId: orgId, instanceId } = FIXTURE_INSTANCE;

function memberOf(sub: string, email: string): MemberRecord & { sub: string } {
  return { email, sub, organizationId: orgId, role: 'user', isOrgAdmin: false, firstName: 'Hive', lastName: 'Keeper', title: '', createdAt: new Date().toISOString() };
}

describe('caller context', () => {
  it('reads member, organization, instance and assignment in one request once the binding is known, and never trusts a stale hint', async () => {
    Object.assign(process.env, inject('stackEnv'));
    const { tenancyRepository } = await import('../../functions/adapters/dynamodb/tenancy-repository');
    const { documentClient } = await import('../../functions/adapters/dynamodb/client');
    const { createMemberWithIdentity } = await import('../../functions/adapters/dynamodb/member-identity');
    const { items } = await import('../../functions/adapters/dynamodb/items');
    const keys = await import('../../functions/adapters/dynamodb/keys');
    const { doc, table } = fixtureDoc();
    const run = ulid().toLowerCase();
    const sub = `sub-hive-${run}`;
    const email = `keeper-${run}@hives.example`;
    const assignment = { organizationId: orgId, instanceId, email, role: 'user' as const, assignedAt: new Date().toISOString() };
    await createMemberWithIdentity(doc, table, memberOf(sub, email), [assignment]);

    const send = vi.spyOn(documentClient(), 'send');
    const first = await tenancyRepository.findCallerContext(sub, instanceId);
    expect(first).toMatchObject({ member: { sub, email }, organization: { id: orgId }, instance: { id: instanceId }, assignment: { email } });
    expect(send).toHaveBeenCalledTimes(2); // the binding, then one BatchGet
    send.mockClear();
    expect(await tenancyRepository.findCallerContext(sub, instanceId)).toEqual(first);
    expect(send).toHaveBeenCalledTimes(1);
    send.mockClear();
    expect(await tenancyRepository.findCallerContext(sub)).toMatchObject({ member: { sub }, organization: { id: orgId } });
    expect(send).toHaveBeenCalledTimes(1);

    // The e-mail changes (member and binding move, as the e-mail change does): the hint leads
    // nowhere, so the binding is read again.
    const moved = `moved-${run}@hives.example`;
    await doc.send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: table, Key: keys.member(orgId, email) } },
          { Put: { TableName: table, Item: items.member(memberOf(sub, moved)) } },
          { Put: { TableName: table, Item: items.identity({ sub, organizationId: orgId, email: moved }) } },
        ],
      }),
    );
    send.mockClear();
    expect(await tenancyRepository.findCallerContext(sub)).toMatchObject({ member: { sub, email: moved } });
    expect(send).toHaveBeenCalledTimes(3);

    // The member is removed and another pool user joins under the same e-mail: the first sub's
    // hint now points at a member of another sub, which is not answered.
    const other = `sub-other-${run}`;
    await doc.send(new DeleteCommand({ TableName: table, Key: keys.member(orgId, moved) }));
    await doc.send(new DeleteCommand({ TableName: table, Key: keys.identity(sub) }));
    await createMemberWithIdentity(doc, table, memberOf(other, moved));
    expect(await tenancyRepository.findCallerContext(sub)).toEqual({});
    expect(await tenancyRepository.findCallerContext(other)).toMatchObject({ member: { sub: other, email: moved } });
    send.mockRestore();
  });
});
