import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Conflict } from '../../domain/errors';
import { EMAIL_TAKEN, type EmailChangeStore, type PendingEmailChange } from '../../domain/session/email-change';
import type { MemberRecord } from '../../domain/tenancy/records';
import { documentClient, table } from './client';
import { items } from './items';
import * as keys from './keys';
import { stripKeys } from './keys';
import { teamItems } from './team-repository';
import { tenancyRepository } from './tenancy-repository';

// The pending e-mail change of a pool user, and the re-keying of its member when it completes
// (domain/session/email-change.ts). The member, its instance assignments and the sub binding are
// keyed or found by e-mail; they move in ONE transaction with the audit entry.

/** A member, its binding, the pending change and the audit entry leave room for 47 assignments (2 items each). */
export const MAX_ASSIGNMENTS_PER_EMAIL_CHANGE = 47;
export const TOO_MANY_ASSIGNMENTS = `An e-mail change can move at most ${MAX_ASSIGNMENTS_PER_EMAIL_CHANGE} instance assignments at once. Ask an administrator to remove some, or to make you an organization administrator.`;

const conditionFailed = (error: unknown) => error instanceof Error && error.name === 'ConditionalCheckFailedException';


export const emailChangeRepository: EmailChangeStore = {
  async putPending(change, resendAfterMs) {
    try {
      await documentClient().send(
        new PutCommand({
          TableName: table(),
          Item: { ...keys.emailChange(change.sub), kind: 'emailChange', ...change, expiresAt: Math.ceil(change.expiresAtMs / 1000) },
          ConditionExpression: 'attribute_not_exists(pk) OR requestedAtMs < :resendAfter',
          ExpressionAttributeValues: { ':resendAfter': resendAfterMs },
        }),
      );
      return true;
    } catch (error) {
      if (conditionFailed(error)) return false;
      throw error;
    }
  },

  async getPending(sub) {
    const out = await documentClient().send(new GetCommand({ TableName: table(), Key: keys.emailChange(sub), ConsistentRead: true }));
    if (!out.Item) return undefined;
    const { kind: _kind, expiresAt: _ttl, ...rest } = stripKeys(out.Item) as Record<string, unknown>;
    return rest as unknown as PendingEmailChange;
  },

  async countAttempt(sub, max) {
    try {
      await documentClient().send(
        new UpdateCommand({
          TableName: table(),
          Key: keys.emailChange(sub),
          UpdateExpression: 'ADD attempts :one',
          ConditionExpression: 'attribute_exists(pk) AND attempts < :max',
          ExpressionAttributeValues: { ':one': 1, ':max': max },
        }),
      );
      return true;
    } catch (error) {
      if (conditionFailed(error)) return false;
      throw error;
    }
  },

  async markVerified(sub) {
    await documentClient().send(
      new UpdateCommand({ TableName: table(), Key: keys.emailChange(sub), UpdateExpression: 'SET verified = :yes', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':yes': true } }),
    );
  },

  async deletePending(sub) {
    await documentClient().send(new DeleteCommand({ TableName: table(), Key: keys.emailChange(sub) }));
  },

  async emailInUse(email) {
    return (await tenancyRepository.findMemberByEmail(email)).member !== undefined;
  },

  async rekeyMember(change, audit) {
    const T = table();
    const memberOut = await documentClient().send(new GetCommand({ TableName: T, Key: keys.member(change.organizationId, change.oldEmail), ConsistentRead: true }));
    const member = memberOut.Item ? (stripKeys(memberOut.Item) as unknown as MemberRecord & { sub?: string }) : undefined;
    if (!member || member.sub !== change.sub) throw new Conflict('Your membership changed meanwhile. Sign in again and retry.');
    const assignments = await tenancyRepository.assignmentsOf(change.organizationId, change.oldEmail);
    if (assignments.length > MAX_ASSIGNMENTS_PER_EMAIL_CHANGE) throw new Conflict(TOO_MANY_ASSIGNMENTS);
    const moved: MemberRecord = { ...member, email: change.newEmail };
    const actions = [
      { Delete: { TableName: T, Key: keys.member(change.organizationId, change.oldEmail), ConditionExpression: '#sub = :sub', ExpressionAttributeNames: { '#sub': 'sub' }, ExpressionAttributeValues: { ':sub': change.sub } } },
      { Put: { TableName: T, Item: items.member(moved), ConditionExpression: 'attribute_not_exists(pk)' } },
      {
        Update: {
          TableName: T,
          Key: keys.identity(change.sub),
          UpdateExpression: 'SET email = :new',
          ConditionExpression: 'email = :old',
          ExpressionAttributeValues: { ':new': change.newEmail, ':old': change.oldEmail },
        },
      },
      { Delete: { TableName: T, Key: keys.emailChange(change.sub), ConditionExpression: 'attribute_exists(pk)' } },
      { Put: { TableName: T, Item: teamItems.audit(audit), ConditionExpression: 'attribute_not_exists(pk)' } },
      ...assignments.flatMap((a) => [
        { Delete: { TableName: T, Key: keys.assignment(a.organizationId, a.instanceId, a.email) } },
        { Put: { TableName: T, Item: items.assignment({ ...a, email: change.newEmail }) } },
      ]),
    ];
    try {
      await documentClient().send(new TransactWriteCommand({ TransactItems: actions }));
    } catch (error) {
      if (error instanceof TransactionCanceledException && (error.CancellationReasons ?? []).some((r) => r.Code === 'ConditionalCheckFailed')) {
        const reasons = error.CancellationReasons ?? [];
        if (reasons[1]?.Code === 'ConditionalCheckFailed') throw new Conflict(EMAIL_TAKEN);
        throw new Conflict('Your membership changed meanwhile. Sign in again and retry.');
      }
      throw error;
    }
  },
};
