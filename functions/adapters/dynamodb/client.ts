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
  // The SDK's logger step copies every input and output through its sensitive-data filter to hand
  // it to a logger that discards it (none is configured): measurable CPU on every call
  // (npm run bench -- load), for nothing. Our own logs say what a request did.
  base.middlewareStack.remove('loggerMiddleware');
  doc = DynamoDBDocumentClient.from(base, { marshallOptions: { removeUndefinedValues: true } });
  return doc;
}

export function table(): string {
  return getConfig().tableName;
}
