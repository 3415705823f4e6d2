import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { getConfig } from '../../config';
import type { PreflightPorts, QueueState, WebResponse } from '../../domain/qa/preflight';
import { aiConfig } from '../ai/ai-config';
import { configuredProvider } from '../ai/providers';
import { tableDefinition } from '../dynamodb/table-definition';
import { cognitoIdentity } from '../identity/cognito';
import { localQueue } from '../queue/suggestion-queue';

// The real answers behind the preflight checks: DescribeTable, the user pool, the suggestions
// queue (SQS attributes in AWS, the in-process queue locally), the provider's configuration and
// the web origin over HTTP.

let dynamo: DynamoDBClient | undefined;
let sqs: SQSClient | undefined;

async function describeTable() {
  const config = getConfig();
  dynamo ??= new DynamoDBClient({
    region: config.region,
    ...(config.dynamodbEndpoint ? { endpoint: config.dynamodbEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
  const out = await dynamo.send(new DescribeTableCommand({ TableName: config.tableName }));
  return {
    status: out.Table?.TableStatus ?? 'UNKNOWN',
    indexes: (out.Table?.GlobalSecondaryIndexes ?? []).map((i) => ({ name: i.IndexName ?? '?', status: i.IndexStatus ?? 'UNKNOWN' })),
  };
}

export async function queueState(): Promise<QueueState> {
  // The URL CDK gives the routes that may read the queue's attributes (route table: queue 'probe').
  const url = process.env.SUGGESTIONS_PROBE_QUEUE_URL;
  if (url) {
    sqs ??= new SQSClient({ region: getConfig().region });
    const out = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'] }));
    const depth = Number(out.Attributes?.ApproximateNumberOfMessages ?? 0) + Number(out.Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0);
    return { kind: 'sqs', running: true, depth, deadLetters: 0 };
  }
  const local = localQueue();
  if (!local) return { kind: 'in-process', running: false, depth: 0, deadLetters: 0 };
  return { kind: 'in-process', running: local.isRunning, depth: local.depth, deadLetters: local.deadLetters().length };
}

async function fetchWeb(url: string): Promise<WebResponse> {
  const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(5000) });
  const body = (res.headers.get('content-type') ?? '').includes('text/html') ? await res.text() : (await res.arrayBuffer(), '');
  return { status: res.status, headers: Object.fromEntries(res.headers.entries()), body: body.slice(0, 200_000) };
}

export function aiProviderHealth() {
  const config = aiConfig();
  const provider = configuredProvider();
  const ready = provider.name === 'builtin' || (provider.name === 'openai' ? Boolean(config.OPENAI_BASE_URL) : Boolean(config.BEDROCK_MODEL_ID));
  return { name: provider.name, ready, model: provider.model };
}

/**
 * The web origin: WEB_URL when set; on the local stack the request's own host (the same server
 * serves the app). In AWS without WEB_URL it is unknown, never taken from a request header.
 */
function webUrlOf(hostHeader: string | undefined): string | undefined {
  const config = getConfig();
  if (config.webUrl) return config.webUrl;
  if (config.local && hostHeader && /^[\w.-]+(:\d{1,5})?$/.test(hostHeader)) return `http://${hostHeader}`;
  return undefined;
}

export function preflightPorts(input: { email: string; host: string | undefined }): PreflightPorts {
  const config = getConfig();
  return {
    stage: config.stage,
    local: config.local,
    appVersion: config.appVersion,
    demoMode: config.demoMode,
    emergencyCode: config.emergencyAccessCode,
    // The chain verified this request's ID token before the handler ran.
    caller: { email: input.email, tokenVerified: true },
    describeTable,
    expectedIndexes: tableDefinition.globalSecondaryIndexes.map((i) => i.indexName),
    pingIdentity: () => cognitoIdentity.ping(),
    queue: queueState,
    aiProvider: aiProviderHealth,
    webUrl: webUrlOf(input.host),
    fetch: fetchWeb,
  };
}
