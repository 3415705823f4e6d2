import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AssignmentRecord, IdentityBinding, MemberRecord } from '../../domain/tenancy/records';
import { items } from './items';

// Members are bound to the user-pool user's immutable `sub` (issue 8 item 1). Everything that
// creates a member goes through createMemberWithIdentity: the member, its sub → member binding and
// its instance assignments are written in ONE transaction, and the transaction fails (nothing
// written) if the member or the binding already exists. The caller first creates the pool user
// (functions/adapters/identity/pool-users.ts createPoolUser) and passes the `sub` it answered.

export type BoundMember = MemberRecord & { sub: string };

/** DynamoDB allows 100 items per transaction: a member, its binding and up to 98 assignments. */
export const MAX_ASSIGNMENTS_PER_MEMBER_WRITE = 98;

export class MemberAlreadyExists extends Error {}

/** The transaction items that create a bound member (exported for callers composing a larger transaction). */
export function memberCreationItems(tableName: string, member: BoundMember, assignments: readonly AssignmentRecord[] = []) {
  if (!member.sub) throw new Error('a member is created bound to a pool user sub');
  if (assignments.length > MAX_ASSIGNMENTS_PER_MEMBER_WRITE) throw new Error('too many assignments for one transaction');
  for (const a of assignments) {
    if (a.email !== member.email || a.organizationId !== member.organizationId) throw new Error('assignment of another member');
  }
  const binding: IdentityBinding = { sub: member.sub, organizationId: member.organizationId, email: member.email };
  return [
    { Put: { TableName: tableName, Item: items.member(member), ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { TableName: tableName, Item: items.identity(binding), ConditionExpression: 'attribute_not_exists(pk)' } },
    ...assignments.map((a) => ({ Put: { TableName: tableName, Item: items.assignment(a) } })),
  ];
}

/** Creates a member bound to `member.sub`, with its assignments, in one transaction. */
export async function createMemberWithIdentity(
  doc: DynamoDBDocumentClient,
  tableName: string,
  member: BoundMember,
  assignments: readonly AssignmentRecord[] = [],
): Promise<void> {
  try {
    await doc.send(new TransactWriteCommand({ TransactItems: memberCreationItems(tableName, member, assignments) }));
  } catch (error) {
    if (error instanceof Error && error.name === 'TransactionCanceledException' && /ConditionalCheckFailed/.test(error.message)) {
      throw new MemberAlreadyExists(`${member.email} is already a member, or its pool user is already bound`);
    }
    throw error;
  }
}
