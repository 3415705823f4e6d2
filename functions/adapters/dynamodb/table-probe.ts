import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { getConfig } from '../../config';
import { table } from './client';

// DescribeTable for the health check: the table's status and every global index's (the read
// grant includes dynamodb:DescribeTable).

let raw: DynamoDBClient | undefined;

export async function describeTableHealth(): Promise<{ status: string; indexes: Array<{ name: string; status: string }> }> {
  const config = getConfig();
  raw ??= new DynamoDBClient({
    region: config.region,
    ...(config.dynamodbEndpoint ? { endpoint: config.dynamodbEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
  const out = await raw.send(new DescribeTableCommand({ TableName: table() }));
  return {
    status: out.Table?.TableStatus ?? 'UNKNOWN',
    indexes: (out.Table?.GlobalSecondaryIndexes ?? []).map((i) => ({ name: i.IndexName ?? '?', status: i.IndexStatus ?? 'UNKNOWN' })),
  };
}
