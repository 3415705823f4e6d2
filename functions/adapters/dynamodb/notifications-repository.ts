import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AppNotification } from '../../../shared/schemas/assignments';
import { documentClient, table } from './client';
import * as keys from './keys';
import { stripKeys } from './keys';

// A member's in-app notifications (issue 13 §4): one partition per member, newest last; kept 90
// days (the table's TTL attribute expiresAt, seconds).

const KEEP_SECONDS = 90 * 86_400;
export const NOTIFICATIONS_SHOWN = 30;

export const notificationsRepository = {
  async add(orgId: string, email: string, n: AppNotification): Promise<void> {
    await documentClient().send(
      new PutCommand({
        TableName: table(),
        Item: { ...keys.notification(orgId, email, n.id), kind: 'notification', ...n, expiresAt: Math.floor(Date.parse(n.at) / 1000) + KEEP_SECONDS },
      }),
    );
  },

  async latest(orgId: string, email: string): Promise<AppNotification[]> {
    const k = keys.notificationPrefix(orgId, email);
    const out = await documentClient().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
        ExpressionAttributeValues: { ':pk': k.pk, ':sk': k.skPrefix },
        ScanIndexForward: false,
        Limit: NOTIFICATIONS_SHOWN,
      }),
    );
    return (out.Items ?? []).map((i) => {
      const { kind: _k, expiresAt: _e, ...n } = stripKeys(i);
      return n as unknown as AppNotification;
    });
  },

  async markRead(orgId: string, email: string, ids: readonly string[]): Promise<void> {
    await Promise.all(
      ids.map((id) =>
        documentClient()
          .send(
            new UpdateCommand({
              TableName: table(),
              Key: keys.notification(orgId, email, id),
              UpdateExpression: 'SET #read = :t',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeNames: { '#read': 'read' },
              ExpressionAttributeValues: { ':t': true },
            }),
          )
          .catch((error: unknown) => {
            // An id that is not the caller's (or no longer exists) changes nothing.
            if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
          }),
      ),
    );
  },
};
