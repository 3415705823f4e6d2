import { App, NestedStack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suggestionsBatchSize, suggestionsQueueDefinition } from '../../functions/adapters/queue/queue-definition';
import { routeKey, routes } from '../../functions/routes';
import { buildFunctions } from '../build-functions';
import { buildApp } from '../lib/app';

// The AI suggestions pipeline in AWS (issue 5): the queue and its DLQ in the stateful stack, the
// worker with partial batch failures, and sending to the queue only from the routes that enqueue.

type Resource = { Type: string; Properties: Record<string, any> };
const functionsDir = mkdtempSync(path.join(os.tmpdir(), 'qd-infra-ai-'));
let stateful: Template;
let stateless: Template;
let nested: Template[];

beforeAll(async () => {
  await buildFunctions({ outDir: functionsDir });
  const built = buildApp(new App(), 'test', { functionsDir, webDistDir: path.join(functionsDir, 'no-web-build') });
  stateful = Template.fromStack(built.stateful);
  stateless = Template.fromStack(built.stateless);
  nested = built.stateless.node.findAll().filter((c): c is NestedStack => NestedStack.isNestedStack(c)).map((s) => Template.fromStack(s));
});

afterAll(() => rmSync(functionsDir, { recursive: true, force: true }));

function routeFunction(key: string): { fn: Resource; template: Template } {
  for (const template of nested) {
    const found = Object.values(template.findResources('AWS::Lambda::Function')).find((f) => (f as Resource).Properties.Description === key);
    if (found) return { fn: found as Resource, template };
  }
  throw new Error(`no function for ${key}`);
}

function actionsOf(key: string): string[] {
  const { fn, template } = routeFunction(key);
  const roleId = fn.Properties.Role['Fn::GetAtt'][0];
  return Object.values(template.findResources('AWS::IAM::Policy'))
    .filter((p) => p.Properties.Roles.some((r: { Ref?: string }) => r.Ref === roleId))
    .flatMap((p) => p.Properties.PolicyDocument.Statement)
    .flatMap((s: { Action: string | string[] }) => [s.Action].flat());
}

describe('suggestions queue', () => {
  it('redrives a message to the dead-letter queue after maxReceiveCount receives', () => {
    stateful.resourceCountIs('AWS::SQS::Queue', 2);
    stateful.hasResourceProperties('AWS::SQS::Queue', {
      QueueName: 'quality-desk-test-suggestions',
      VisibilityTimeout: suggestionsQueueDefinition.visibilityTimeoutSeconds,
      RedrivePolicy: { deadLetterTargetArn: Match.anyValue(), maxReceiveCount: suggestionsQueueDefinition.maxReceiveCount },
    });
    stateful.hasResourceProperties('AWS::SQS::Queue', { QueueName: 'quality-desk-test-suggestions-dlq', MessageRetentionPeriod: 14 * 86_400 });
  });

  it('keeps a batch within one transaction and gives batches over 10 messages a batching window', () => {
    // A row's update and, at worst, a credit group of its own, and the dataset's stamp: DynamoDB
    // takes 100 items a transaction.
    for (const size of Object.values(suggestionsQueueDefinition.batchSize)) expect(2 * size + 1).toBeLessThanOrEqual(100);
    expect(suggestionsQueueDefinition.maxBatchingWindowSeconds).toBeGreaterThanOrEqual(1);
    expect(suggestionsBatchSize(undefined)).toBe(suggestionsQueueDefinition.batchSize.builtin);
    expect(suggestionsBatchSize('bedrock')).toBe(suggestionsQueueDefinition.batchSize.remote);
  });

  it('keeps the visibility timeout at least six times the worker timeout', () => {
    expect(suggestionsQueueDefinition.visibilityTimeoutSeconds).toBeGreaterThanOrEqual(6 * suggestionsQueueDefinition.workerTimeoutSeconds);
  });
});

describe('suggestions worker', () => {
  it('reads the queue in batches and reports partial batch failures', () => {
    stateless.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      BatchSize: suggestionsQueueDefinition.batchSize.builtin,
      MaximumBatchingWindowInSeconds: suggestionsQueueDefinition.maxBatchingWindowSeconds,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: suggestionsQueueDefinition.maxConcurrency },
    });
    stateless.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'AI suggestions worker (SQS)',
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      Timeout: suggestionsQueueDefinition.workerTimeoutSeconds,
      Environment: { Variables: Match.objectLike({ AI_PROVIDER: 'builtin', TABLE_NAME: Match.anyValue(), SOURCE_BUCKET: Match.anyValue() }) },
    });
  });

  it('reads smaller batches without a batching window when a remote provider answers', () => {
    const app = new App({ context: { aiProvider: 'openai', openAiBaseUrl: 'https://models.example/v1' } });
    const remote = Template.fromStack(buildApp(app, 'test', { functionsDir, webDistDir: path.join(functionsDir, 'no-web-build') }).stateless);
    remote.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      BatchSize: suggestionsQueueDefinition.batchSize.remote,
      MaximumBatchingWindowInSeconds: Match.absent(),
    });
  });

  it('may write the table and consume the queue', () => {
    const statements = Object.values(stateless.findResources('AWS::IAM::Policy')).flatMap((p) => p.Properties.PolicyDocument.Statement);
    const actions = statements.flatMap((s: { Action: string | string[] }) => [s.Action].flat());
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:UpdateItem', 'dynamodb:PutItem', 'sqs:ReceiveMessage', 'sqs:DeleteMessage']));
  });
});

describe('routes and the queue', () => {
  it('gives the enqueuing routes the queue URL and SendMessage, and no other route', () => {
    for (const route of routes) {
      const key = routeKey(route);
      const sends = actionsOf(key).includes('sqs:SendMessage');
      const env = routeFunction(key).fn.Properties.Environment.Variables;
      expect(sends, key).toBe(route.ai === 'enqueue');
      expect('SUGGESTIONS_QUEUE_URL' in env, key).toBe(route.ai === 'enqueue');
    }
  });

  it('lets System status and the QA health checks, and no other route, read the queue and DLQ attributes and the oldest-message age', () => {
    for (const route of routes) {
      const key = routeKey(route);
      const actions = actionsOf(key);
      const env = routeFunction(key).fn.Properties.Environment.Variables;
      const probes = route.queue === 'probe';
      // (CDK's grantSendMessages also grants GetQueueAttributes on the queue to the enqueuing routes.)
      expect(actions.includes('sqs:GetQueueAttributes'), key).toBe(probes || route.ai === 'enqueue');
      expect(actions.includes('cloudwatch:GetMetricStatistics'), key).toBe(probes);
      expect('SUGGESTIONS_PROBE_QUEUE_URL' in env && 'SUGGESTIONS_DLQ_URL' in env, key).toBe(probes);
    }
    expect(routes.filter((r) => r.queue === 'probe').map(routeKey).sort()).toEqual(['GET /api/system/status', 'GET /qa/preflight', 'POST /qa/superadmin/system-diagnostics']);
    // Scoped to the two queues, not to every queue of the account.
    const { fn, template } = routeFunction('GET /api/system/status');
    const roleId = fn.Properties.Role['Fn::GetAtt'][0];
    const statements = Object.values(template.findResources('AWS::IAM::Policy'))
      .filter((p) => p.Properties.Roles.some((r: { Ref?: string }) => r.Ref === roleId))
      .flatMap((p) => p.Properties.PolicyDocument.Statement) as Array<{ Action: string | string[]; Resource: unknown }>;
    const queueStatements = statements.filter((st) => [st.Action].flat().includes('sqs:GetQueueAttributes'));
    expect(queueStatements.length).toBeGreaterThan(0);
    for (const st of queueStatements) expect(JSON.stringify(st.Resource)).not.toContain('"*"');
    expect(JSON.stringify(queueStatements.map((st) => st.Resource))).toMatch(/SuggestionsDeadLetters/);
  });

  it('tells the routes that ask a provider which one', () => {
    expect(routeFunction('POST /api/ai/recommendations/generate').fn.Properties.Environment.Variables).toMatchObject({ AI_PROVIDER: 'builtin' });
  });
});
