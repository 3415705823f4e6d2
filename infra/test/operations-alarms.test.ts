import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildFunctions } from '../build-functions';
import { buildApp } from '../lib/app';
import { API_5XX_RATE_PERCENT, OperationsAlarms } from '../lib/operations-alarms';

type Resource = { Type: string; Properties: Record<string, any> };

function standalone(alarmEmail?: string): Template {
  const stack = new Stack(new App(), 'AlarmsTest');
  const fn = (id: string) => new lambda.Function(stack, id, { runtime: lambda.Runtime.NODEJS_22_X, handler: 'index.handler', code: lambda.Code.fromInline('export const handler = () => {}') });
  new OperationsAlarms(stack, 'Alarms', {
    stage: 'test',
    api: new apigwv2.HttpApi(stack, 'Api'),
    workers: { Scan: fn('ScanFn'), Suggestions: fn('SuggestionsFn') },
    deadLetterQueue: new sqs.Queue(stack, 'Dlq'),
    alarmEmail,
  });
  return Template.fromStack(stack);
}

const alarmNamed = (template: Template, suffix: string): Resource => {
  const found = Object.values(template.findResources('AWS::CloudWatch::Alarm')).find((a) => String((a as Resource).Properties.AlarmName).endsWith(suffix));
  if (!found) throw new Error(`no alarm ending in ${suffix}`);
  return found as Resource;
};

describe('operations alarms', () => {
  const template = standalone('ops@example.com');

  it('alarms on any message in the dead-letter queue', () => {
    expect(alarmNamed(template, 'suggestions-dlq-not-empty').Properties).toMatchObject({
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Namespace: 'AWS/SQS',
      Statistic: 'Maximum',
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
      TreatMissingData: 'notBreaching',
    });
  });

  it('alarms on errors of each worker', () => {
    for (const worker of ['scan', 'suggestions']) {
      const alarm = alarmNamed(template, `${worker}-worker-errors`).Properties;
      expect(alarm).toMatchObject({ MetricName: 'Errors', Namespace: 'AWS/Lambda', Statistic: 'Sum', Threshold: 0, ComparisonOperator: 'GreaterThanThreshold' });
      expect(alarm.Dimensions[0].Name).toBe('FunctionName');
    }
  });

  it('alarms on the API 5xx rate (5xx / requests), not on a raw count', () => {
    const alarm = alarmNamed(template, 'api-5xx-rate').Properties;
    expect(alarm).toMatchObject({ Threshold: API_5XX_RATE_PERCENT, EvaluationPeriods: 3, DatapointsToAlarm: 2, ComparisonOperator: 'GreaterThanThreshold' });
    const expression = alarm.Metrics.find((m: { Expression?: string }) => m.Expression);
    expect(expression.Expression).toBe('IF(requests > 0, 100 * errors / requests, 0)');
    const names = alarm.Metrics.filter((m: { MetricStat?: unknown }) => m.MetricStat).map((m: any) => `${m.Id}:${m.MetricStat.Metric.MetricName}`);
    expect(names.sort()).toEqual(['errors:5xx', 'requests:Count']);
  });

  it('alarms on Lambda throttles', () => {
    expect(alarmNamed(template, 'lambda-throttles').Properties).toMatchObject({ MetricName: 'Throttles', Namespace: 'AWS/Lambda', Threshold: 0 });
  });

  it('sends every alarm (and its recovery) to one encrypted, TLS-only topic', () => {
    template.resourceCountIs('AWS::SNS::Topic', 1);
    const topicId = Object.keys(template.findResources('AWS::SNS::Topic'))[0]!;
    template.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    });
    template.hasResourceProperties('AWS::KMS::Key', {
      EnableKeyRotation: true,
      KeyPolicy: { Statement: Match.arrayWith([Match.objectLike({ Principal: { Service: 'cloudwatch.amazonaws.com' } })]) },
    });
    const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm')) as Resource[];
    expect(alarms).toHaveLength(5);
    for (const alarm of alarms) {
      expect(alarm.Properties.AlarmActions).toEqual([{ Ref: topicId }]);
      expect(alarm.Properties.OKActions).toEqual([{ Ref: topicId }]);
    }
  });

  it('subscribes the alarm e-mail from context, and none without it', () => {
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.com' });
    standalone().resourceCountIs('AWS::SNS::Subscription', 0);
    expect(() => standalone('not an address')).toThrow(/alarmEmail/);
  });
});

describe('operations alarms in the stage', () => {
  const functionsDir = mkdtempSync(path.join(os.tmpdir(), 'qd-alarms-functions-'));
  afterAll(() => rmSync(functionsDir, { recursive: true, force: true }));

  it('are part of the stateless stack and take alarmEmail from CDK context', async () => {
    await buildFunctions({ outDir: functionsDir });
    const app = new App({ context: { alarmEmail: 'oncall@example.com' } });
    const built = buildApp(app, 'test', { functionsDir, webDistDir: path.join(functionsDir, 'no-web-build') });
    const template = Template.fromStack(built.stateless);
    const names = Object.values(template.findResources('AWS::CloudWatch::Alarm')).map((a) => (a as Resource).Properties.AlarmName as string);
    for (const suffix of ['suggestions-dlq-not-empty', 'scan-worker-errors', 'suggestions-worker-errors', 'api-5xx-rate', 'lambda-throttles']) {
      expect(names).toContain(`quality-desk-test-${suffix}`);
    }
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'oncall@example.com' });
    template.hasOutput('AlarmTopicArn', {});
  });
});
