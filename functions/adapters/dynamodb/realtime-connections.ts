import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, table } from './client';
import * as keys from './keys';
import { partitionQuery, queryAll } from './query';

// Open WebSocket connections (issue 13 item 7), one item per connection under its instance
// (keys.realtimeConnection), with a TTL. Reads skip items past their expiry: DynamoDB deletes
// expired items lazily (and DynamoDB Local never), so the TTL alone is not a filter.

export interface RealtimeConnection {
  connectionId: string;
  organizationId: string;
  instanceId: string;
  /** The member's e-mail and the pool user's sub, for logs and audits; never a routing key. */
  email: string;
  sub: string;
  connectedAt: string;
  /** Epoch seconds (the table's TTL attribute). */
  expiresAt: number;
}

export const realtimeConnections = {
  async put(c: RealtimeConnection): Promise<void> {
    await documentClient().send(
      new PutCommand({
        TableName: table(),
        Item: {
          ...keys.realtimeConnection(c.organizationId, c.instanceId, c.connectionId),
          ...keys.realtimeConnectionLookup(c.connectionId),
          kind: 'realtimeConnection',
          ...c,
        },
      }),
    );
  },

  async findById(connectionId: string): Promise<RealtimeConnection | undefined> {
    const lookup = keys.realtimeConnectionLookup(connectionId);
    const page = await documentClient().send(
      new QueryCommand({
        TableName: table(),
        IndexName: 'byLookup',
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
        ExpressionAttributeValues: { ':pk': lookup.gsi1pk, ':sk': lookup.gsi1sk },
        Limit: 1,
      }),
    );
    const item = page.Items?.[0];
    return item ? toConnection(item) : undefined;
  },

  async remove(organizationId: string, instanceId: string, connectionId: string): Promise<void> {
    const key = keys.realtimeConnection(organizationId, instanceId, connectionId);
    await documentClient().send(new DeleteCommand({ TableName: table(), Key: { pk: key.pk, sk: key.sk } }));
  },

  /** The live connections of one instance (one partition; never another tenant's). */
  async listLive(organizationId: string, instanceId: string, nowSeconds: number): Promise<RealtimeConnection[]> {
    const { pk, skPrefix } = keys.realtimeConnections(organizationId, instanceId);
    const q = partitionQuery(pk, skPrefix);
    const found = await queryAll({
      ...q,
      FilterExpression: 'expiresAt > :now',
      ExpressionAttributeValues: { ...q.ExpressionAttributeValues, ':now': nowSeconds },
      ConsistentRead: true,
    });
    return found.map(toConnection);
  },
};

function toConnection(item: Record<string, unknown>): RealtimeConnection {
  return {
    connectionId: String(item.connectionId),
    organizationId: String(item.organizationId),
    instanceId: String(item.instanceId),
    email: String(item.email ?? ''),
    sub: String(item.sub ?? ''),
    connectedAt: String(item.connectedAt ?? ''),
    expiresAt: Number(item.expiresAt ?? 0),
  };
}
