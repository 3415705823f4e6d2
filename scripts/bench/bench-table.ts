import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { countIssues } from '../../functions/domain/issues/counters';
import type { IssueRecord } from '../../functions/domain/issues/issue-record';
import type { DatasetRecord } from '../../functions/domain/tenancy/records';
import { startDynamoDb } from '../local/emulators';
import { dynamoClient, ensureTable, LOCAL_REGION } from '../local/provision';
import { batchWrite, datasetItems } from '../seed/write';

// A benchmark's own DynamoDB Local (in memory) with the table, and the environment the functions
// read their configuration from — set before their modules load, as in Lambda.

export interface BenchTable {
  endpoint: string;
  table: string;
  stop(): Promise<void>;
}

export async function startBenchTable(table: string, extraEnv: Record<string, string> = {}): Promise<BenchTable> {
  process.env.DDB_LOCAL_TELEMETRY = '0';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  process.env.LOG_LEVEL ??= 'warn';
  const dynamo = await startDynamoDb({});
  const onInterrupt = () => void dynamo.stop();
  process.once('SIGINT', onInterrupt);
  const stop = async () => {
    process.off('SIGINT', onInterrupt);
    await dynamo.stop();
  };
  try {
    await ensureTable(dynamo.endpoint, table);
  } catch (error) {
    await stop();
    throw error;
  }
  Object.assign(process.env, {
    STAGE: 'bench',
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    TABLE_NAME: table,
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    USER_POOL_ID: 'bench-unused',
    USER_POOL_CLIENT_ID: 'bench-unused',
    ...extraEnv,
  });
  return { endpoint: dynamo.endpoint, table, stop };
}

/** A benchmark's dataset with its issues and their exact counters, written to the table at `endpoint`. */
export async function writeBenchDataset(endpoint: string, table: string, dataset: DatasetRecord, issues: readonly IssueRecord[]): Promise<void> {
  const doc = DynamoDBDocumentClient.from(dynamoClient(endpoint), { marshallOptions: { removeUndefinedValues: true } });
  await batchWrite(doc, table, datasetItems({ dataset, issues, events: [], counters: countIssues(issues) }), 16);
}
