import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { getConfig } from '../../config';

// One client per container, created on first use (after configuration is in place).
let doc: DynamoDBDocumentClient | undefined;

export function documentClient(): DynamoDBDocumentClient {
  if (doc) return doc;
  const config = getConfig();
  const base = new DynamoDBClient({
    region: config.region,
    ...(config.dynamodbEndpoint
      ? { endpoint: config.dynamodbEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
  });
  doc = DynamoDBDocumentClient.from(base, { marshallOptions: { removeUndefinedValues: true } });
  return doc;
}

export function table(): string {
  return getConfig().tableName;
}
