// Code and routing: the HTTP API, one function per route (nested stacks by area), the web front.
import { CfnOutput, CrossStackReferences, ReferenceStrength, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { API_THROTTLE } from '../../shared/rate-limits';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { routes as routeTable, type Area, type Route } from '../../functions/routes';
import { OperationsAlarms } from './operations-alarms';
import { RouteAreaStack } from './route-area-stack';
import { RealtimeApi } from './realtime-api';
import { ScanWorker } from './scan-worker';
import { AgentSync } from './agent-sync';
import type * as kms from 'aws-cdk-lib/aws-kms';
import { SuggestionsWorker } from './suggestions-worker';
import { WebHosting } from './web-hosting';
import * as logs from 'aws-cdk-lib/aws-logs';

export interface StatelessStackProps extends StackProps {
  stage: string;
  table: dynamodb.ITable;
  userPool: cognito.IUserPool;
  userPoolClient: cognito.IUserPoolClient;
  /** Datasets' source files (stateful stack). */
  sourceBucket?: s3.IBucket;
  /** ARN of the CLOUDFRONT-scope WAF web ACL (us-east-1) in front of the distribution (EdgeStack). */
  webAclArn?: string;
  /** The AI suggestions queue (stateful stack): the batch routes send to it, the worker reads it. */
  suggestionsQueue?: sqs.IQueue;
  /** Its dead-letter queue: System status reads its depth. */
  suggestionsDeadLetterQueue?: sqs.IQueue;
  /** The stage key of customer secrets (stateful stack): the agent routes and the scheduled sync use it. */
  secretsKey?: kms.IKey;
  /** Bundles from build-functions; defaults to .build/functions. */
  functionsDir?: string;
  /** Built SPA; defaults to web/dist. */
  webDistDir?: string;
  /** Defaults to the route table; tests may pass another list. */
  routes?: readonly Route[];
  /** Subscribed to the alarm topic (CDK context alarmEmail). */
  alarmEmail?: string;
}

export class StatelessStack extends Stack {
  public readonly api: apigwv2.HttpApi;
  public readonly routeAreas = new Map<Area, RouteAreaStack>();
  public readonly web: WebHosting;
  public readonly scanWorker: ScanWorker;
  public readonly suggestionsWorker?: SuggestionsWorker;
  public readonly alarms: OperationsAlarms;
  public readonly realtime: RealtimeApi;
  public readonly agentSync?: AgentSync;

  constructor(scope: Construct, id: string, props: StatelessStackProps) {
    super(scope, id, props);
    // Strong (exports): CloudFormation then refuses to delete the table or pool while the API uses them.
    CrossStackReferences.of(this).consume(ReferenceStrength.STRONG);
    const { stage, table, userPool, userPoolClient } = props;

    // No authorizer: the handlers verify the Cognito token themselves (same code path as locally).
    this.api = new apigwv2.HttpApi(this, 'HttpApi', {
      apiName: `quality-desk-${stage}`,
      description: `Quality Desk ${stage} API`,
    });

    // Access logs of the API (cdk-nag APIG1): one JSON line per request, a year kept.
    const apiAccessLogs = new logs.LogGroup(this, 'ApiAccessLogs', { retention: logs.RetentionDays.ONE_YEAR, removalPolicy: RemovalPolicy.DESTROY });
    const defaultStage = this.api.defaultStage!.node.defaultChild as apigwv2.CfnStage;
    // Stage throttling from shared/rate-limits.ts (System & Security lists the same figures).
    defaultStage.defaultRouteSettings = { throttlingRateLimit: API_THROTTLE.ratePerSecond, throttlingBurstLimit: API_THROTTLE.burst };
    defaultStage.accessLogSettings = {
      destinationArn: apiAccessLogs.logGroupArn,
      format: JSON.stringify({
        requestId: '$context.requestId', ip: '$context.identity.sourceIp', time: '$context.requestTime', routeKey: '$context.routeKey',
        status: '$context.status', latency: '$context.responseLatency', length: '$context.responseLength', error: '$context.integrationErrorMessage',
      }),
    };

    // Real-time events (issue 13 item 7): the WebSocket API the writers publish to.
    this.realtime = new RealtimeApi(this, 'Realtime', { stage, table, userPool, userPoolClient, functionsDir: props.functionsDir });

    // Scans end with a quality-metrics event (issue 13 item 7), so the worker publishes too.
    this.scanWorker = new ScanWorker(this, 'ScanWorker', {
      stage, table, userPool, userPoolClient, sourceBucket: props.sourceBucket, functionsDir: props.functionsDir, realtime: this.realtime.publishing,
    });

    if (props.suggestionsQueue) {
      this.suggestionsWorker = new SuggestionsWorker(this, 'SuggestionsWorker', {
        stage, table, userPool, userPoolClient, queue: props.suggestionsQueue, sourceBucket: props.sourceBucket, functionsDir: props.functionsDir,
      });
    }

    // Configure and Sync now invoke the agent sync asynchronously: it exists before the routes.
    if (props.secretsKey) {
      this.agentSync = new AgentSync(this, 'AgentSync', { stage, table, userPool, userPoolClient, secretsKey: props.secretsKey, functionsDir: props.functionsDir, realtime: this.realtime.publishing });
    }

    const byArea = new Map<Area, Route[]>();
    for (const route of props.routes ?? routeTable) {
      byArea.set(route.area, [...(byArea.get(route.area) ?? []), route]);
    }
    for (const [area, routes] of byArea) {
      const id = `${area[0]!.toUpperCase()}${area.slice(1)}Routes`;
      this.routeAreas.set(area, new RouteAreaStack(this, id, {
        area, routes, stage, api: this.api, table, userPool, userPoolClient, sourceBucket: props.sourceBucket, functionsDir: props.functionsDir,
        scanWorker: this.scanWorker.function, agentSync: this.agentSync?.function, suggestionsQueue: props.suggestionsQueue, suggestionsDeadLetterQueue: props.suggestionsDeadLetterQueue,
        realtime: this.realtime.publishing,
        secretsKey: props.secretsKey,
      }));
    }

    this.alarms = new OperationsAlarms(this, 'Alarms', {
      stage,
      api: this.api,
      workers: {
        Scan: this.scanWorker.function,
        ...(this.suggestionsWorker ? { Suggestions: this.suggestionsWorker.function } : {}),
        ...(this.agentSync ? { AgentSync: this.agentSync.function } : {}),
      },
      deadLetterQueue: props.suggestionsDeadLetterQueue,
      alarmEmail: props.alarmEmail,
    });

    this.web = new WebHosting(this, 'Web', {
      stage,
      api: this.api,
      realtimeApi: this.realtime.api,
      distDir: props.webDistDir,
      // The SPA PUTs dataset files straight to the sources bucket (presigned URLs): its CSP allows that host.
      uploadHosts: props.sourceBucket ? [props.sourceBucket.bucketRegionalDomainName] : [],
      webAclArn: props.webAclArn,
    });

    new CfnOutput(this, 'DistributionUrl', { value: `https://${this.web.distribution.distributionDomainName}` });
    new CfnOutput(this, 'ApiUrl', { value: this.api.apiEndpoint });
    new CfnOutput(this, 'RealtimeUrl', { value: this.realtime.stage.url });
    new CfnOutput(this, 'UserPoolId', { value: userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: userPoolClient.userPoolClientId });
    new CfnOutput(this, 'TableName', { value: table.tableName });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.alarms.topic.topicArn });
  }
}
