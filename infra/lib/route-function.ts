// "A route's function": the one place where Lambda defaults and least-privilege grants live.
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type * as kms from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { routeKey, routeName, type Route } from '../../functions/routes';
import { aiEnvironment, grantAiProvider } from './ai-environment';
import { functionsBuildDir, repoRoot } from './paths';
import { acknowledgeFunctionDefaults, acknowledgeWildcards } from './nag';
import type { RealtimePublishing } from './realtime-api';

const appVersion: string = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).version;

/** User-pool admin calls (user management); never granted to routes that only sign users in. */
export const cognitoAdminActions = [
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:AdminDisableUser',
  'cognito-idp:AdminEnableUser',
  'cognito-idp:AdminUserGlobalSignOut',
];

/**
 * Sign-in calls of the confidential app client: the functions that sign users in read the client
 * secret (DescribeUserPoolClient) and call AdminInitiateAuth (and AdminRespondToAuthChallenge for
 * the new-password step after a reset); no other function may.
 */
export const cognitoSignInActions = ['cognito-idp:AdminInitiateAuth', 'cognito-idp:AdminRespondToAuthChallenge', 'cognito-idp:DescribeUserPoolClient'];

/** What every function of the app runs with (routes and workers): one place for the defaults. */
export interface AppFunctionProps {
  stage: string;
  table: dynamodb.ITable;
  userPool: cognito.IUserPool;
  userPoolClient: cognito.IUserPoolClient;
}

/** The environment every function reads its configuration from (functions/config.ts). */
export function appEnvironment(scope: Construct, props: AppFunctionProps): Record<string, string> {
  const context = (key: string, fallback: string): string => String(scope.node.tryGetContext(key) ?? fallback);
  return {
    TABLE_NAME: props.table.tableName,
    USER_POOL_ID: props.userPool.userPoolId,
    USER_POOL_CLIENT_ID: props.userPoolClient.userPoolClientId,
    STAGE: props.stage,
    DEMO_MODE: context('demoMode', 'false') === 'true' ? 'true' : 'false',
    APP_VERSION: appVersion,
    EMERGENCY_ACCESS_CODE: context('emergencyAccessCode', ''),
    QA_MODE: context('qaMode', 'false') === 'true' ? 'true' : 'false',
    ...(context('webUrl', '') ? { WEB_URL: context('webUrl', '') } : {}),
    NODE_OPTIONS: '--enable-source-maps',
    AWS_NODEJS_CONNECTION_REUSE_ENABLED: '1',
  };
}

/** A month of logs, kept for prod; an explicit group gives retention without the LogRetention custom resource. */
export function appLogGroup(scope: Construct, stage: string): logs.LogGroup {
  return new logs.LogGroup(scope, 'Logs', {
    retention: logs.RetentionDays.ONE_MONTH,
    removalPolicy: stage === 'prod' ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
  });
}

export interface RouteFunctionProps {
  route: Route;
  stage: string;
  table: dynamodb.ITable;
  userPool: cognito.IUserPool;
  userPoolClient: cognito.IUserPoolClient;
  /** Datasets' source files; granted to routes whose entry names `sources`. */
  sourceBucket?: s3.IBucket;
  /** Where build-functions wrote the bundles. */
  functionsDir?: string;
  /** The scan worker; routes that launch scans may invoke it, and only it. */
  scanWorker?: lambda.IFunction;
  /** The agent sync function; routes that launch agent syncs may invoke it, and only it. */
  agentSync?: lambda.IFunction;
  /** The AI suggestions queue; routes whose entry says `ai: 'enqueue'` may send to it, and only them. */
  suggestionsQueue?: sqs.IQueue;
  /** Its dead-letter queue; with the queue, read by routes whose entry says `queue: 'probe'`, and only them. */
  suggestionsDeadLetterQueue?: sqs.IQueue;
  /** The WebSocket API's endpoint and publish grant; given to routes whose entry says `realtime: 'publish'`, and only them. */
  realtime?: RealtimePublishing;
  /** The stage key of customer secrets; routes whose entry says `kms` get exactly their action on it. */
  secretsKey?: kms.IKey;
}

/** Seals (new data keys) or opens (unwraps them); the encryption context names the secret's purpose. */
export const KMS_ACTIONS = { seal: 'kms:GenerateDataKey', open: 'kms:Decrypt' } as const;

/**
 * The KMS grants of a function that seals or opens customer secrets: the stage key, and the
 * organizations' own keys (BYOK, any account: their key policy decides) only for our purpose.
 */
export function grantSecrets(fn: lambda.Function, key: kms.IKey, mode: 'seal' | 'open'): void {
  key.grant(fn, KMS_ACTIONS[mode]);
  fn.addToRolePolicy(
    new iam.PolicyStatement({
      actions: [KMS_ACTIONS[mode]],
      resources: ['arn:aws:kms:*:*:key/*'],
      conditions: { StringEquals: { 'kms:EncryptionContext:purpose': 'soda-agent-api-key' } },
    }),
  );
  acknowledgeWildcards(fn, [
    { finding: /^Resource::arn:aws:kms:\*:\*:key\/\*$/, reason: 'BYOK: an organization registers its own KMS key (any account); the statement is limited to one action and to the encryption context of agent API keys, and the customer key policy must also allow this role.' },
  ]);
}

/** Reads a key's state: metadata, rotations and rotation settings, never key material. */
export const KEY_DESCRIBE_ACTIONS = ['kms:DescribeKey', 'kms:ListKeyRotations', 'kms:GetKeyRotationStatus'] as const;

/**
 * The key-describing grant (System & Security, health check, BYOK list): the stage key, and the
 * organizations' own keys (BYOK, any account; their key policy decides what answers).
 */
export function grantKeyDescribe(fn: lambda.Function, key: kms.IKey): void {
  key.grant(fn, ...KEY_DESCRIBE_ACTIONS);
  fn.addToRolePolicy(new iam.PolicyStatement({ actions: [...KEY_DESCRIBE_ACTIONS], resources: ['arn:aws:kms:*:*:key/*'] }));
  acknowledgeWildcards(fn, [
    { finding: /^Resource::arn:aws:kms:\*:\*:key\/\*$/, reason: 'BYOK: organizations register their own KMS keys (any account); the statement only reads key metadata and rotation dates, never key material, and the customer key policy must also allow this role.' },
  ]);
}

export class RouteFunction extends Construct {
  public readonly function: lambda.Function;

  constructor(scope: Construct, id: string, props: RouteFunctionProps) {
    super(scope, id);
    const { route, stage, table, userPool, userPoolClient } = props;
    const codeDir = path.join(props.functionsDir ?? functionsBuildDir, routeName(route));
    if (!existsSync(path.join(codeDir, 'index.mjs'))) {
      throw new Error(`No bundle for ${routeKey(route)} at ${codeDir}: run "npm run build:functions" first.`);
    }
    const logGroup = appLogGroup(this, stage);
    const launchesScans = route.launchesScans === true && props.scanWorker !== undefined;
    const launchesAgentSync = route.launchesAgentSync === true && props.agentSync !== undefined;

    this.function = new lambda.Function(this, 'Function', {
      description: routeKey(route),
      code: lambda.Code.fromAsset(codeDir),
      handler: 'index.handler',
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: 512,
      // API Gateway gives up after 29 s; 10 s keeps a stuck request from burning money.
      timeout: Duration.seconds(10),
      logGroup,
      environment: {
        ...appEnvironment(this, { stage, table, userPool, userPoolClient }),
        ...(route.sources && props.sourceBucket ? { SOURCE_BUCKET: props.sourceBucket.bucketName } : {}),
        ...(launchesScans ? { SCAN_WORKER_FUNCTION: props.scanWorker!.functionName } : {}),
        ...(launchesAgentSync ? { AGENT_SYNC_FUNCTION: props.agentSync!.functionName } : {}),
        ...(route.ai === 'enqueue' && props.suggestionsQueue ? { SUGGESTIONS_QUEUE_URL: props.suggestionsQueue.queueUrl } : {}),
        ...(route.ai === 'invoke' ? aiEnvironment(this.node) : {}),
        ...(route.mail ? mailEnvironment(this) : {}),
        ...(route.checkout ? checkoutEnvironment(this) : {}),
        ...(route.stripeWebhook ? stripeWebhookEnvironment(this) : {}),
        ...(route.queue === 'probe' && props.suggestionsQueue ? { SUGGESTIONS_PROBE_QUEUE_URL: props.suggestionsQueue.queueUrl } : {}),
        ...(route.queue === 'probe' && props.suggestionsDeadLetterQueue ? { SUGGESTIONS_DLQ_URL: props.suggestionsDeadLetterQueue.queueUrl } : {}),
        ...(route.realtime === 'publish' && props.realtime ? { WEBSOCKET_ENDPOINT: props.realtime.endpoint } : {}),
        ...((route.kms || route.keys) && props.secretsKey ? { KMS_KEY_ID: props.secretsKey.keyArn } : {}),
      },
    });
    // A call to a customer's agent (its own timeout is 10 s per request; the test and configure
    // routes probe it twice): up to API Gateway's 29 s. Syncs run in the agent sync function.
    if (route.agent) {
      (this.function.node.defaultChild as lambda.CfnFunction).timeout = 28;
      (this.function.node.defaultChild as lambda.CfnFunction).memorySize = 1769;
    }

    if (route.table === 'read') table.grantReadData(this.function);
    if (route.table === 'readWrite') table.grantReadWriteData(this.function);
    if (route.identity === 'auth') userPool.grant(this.function, ...cognitoSignInActions);
    if (route.identity === 'describe') userPool.grant(this.function, 'cognito-idp:DescribeUserPool');
    if (route.identity === 'admin') userPool.grant(this.function, ...cognitoAdminActions);
    if (route.sources === 'read') props.sourceBucket?.grantRead(this.function);
    if (route.sources === 'readWrite') props.sourceBucket?.grantReadWrite(this.function);
    if (launchesScans) props.scanWorker!.grantInvoke(this.function);
    if (launchesAgentSync) props.agentSync!.grantInvoke(this.function);
    if (route.ai === 'enqueue') props.suggestionsQueue?.grantSendMessages(this.function);
    if (route.ai === 'invoke') grantAiProvider(this.function, aiEnvironment(this.node));
    if (route.mail) grantSendMail(this, this.function);
    if (route.kms && props.secretsKey) grantSecrets(this.function, props.secretsKey, route.kms);
    if (route.keys === 'describe' && props.secretsKey) grantKeyDescribe(this.function, props.secretsKey);
    if (route.checkout) grantCheckoutSecret(this, this.function);
    if (route.stripeWebhook) grantStripeWebhookSecret(this, this.function);
    if (route.queue === 'probe') {
      props.suggestionsQueue?.grant(this.function, 'sqs:GetQueueAttributes');
      props.suggestionsDeadLetterQueue?.grant(this.function, 'sqs:GetQueueAttributes');
      // The age of the oldest message is a CloudWatch metric; GetMetricStatistics has no resource scope.
      this.function.addToRolePolicy(new iam.PolicyStatement({ actions: ['cloudwatch:GetMetricStatistics'], resources: ['*'] }));
      acknowledgeWildcards(this.function, [
        { finding: /^Resource::\*$/, reason: 'cloudwatch:GetMetricStatistics supports no resource-level permissions (AWS service authorization reference); it is granted only to the routes that report the queue\'s oldest-message age.' },
      ]);
    }
    if (route.realtime === 'publish' && props.realtime) grantPublish(this.function, props.realtime);
    acknowledgeFunctionDefaults(this);
  }
}

/** PostToConnection (and the DeleteConnection it implies) on the one WebSocket API's stage, nothing wider. */
export function grantPublish(fn: lambda.Function, realtime: RealtimePublishing): void {
  fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['execute-api:ManageConnections'], resources: [realtime.manageConnectionsArn] }));
  acknowledgeWildcards(fn, [
    {
      finding: /^Resource::.*execute-api.*\/POST\/@connections\/\*$/,
      reason: 'Connection ids are created by API Gateway at $connect, so the grant names the @connections of this one WebSocket API stage; which connections an event goes to is decided by the tenant-keyed connection items, checked at $connect.',
    },
  ]);
}

/**
 * E-mail through SES v2 (invitations). CDK context: `mailFrom` (a verified SES identity, e.g.
 * "Quality Desk <no-reply@example.com>"), `sesConfigurationSet` (optional), `appUrl` (the web
 * app's URL used in links; unset, the caller's Origin is used).
 */
export function mailEnvironment(scope: Construct): Record<string, string> {
  const context = (key: string): string | undefined => {
    const value = scope.node.tryGetContext(key);
    return typeof value === 'string' && value ? value : undefined;
  };
  const from = context('mailFrom');
  const configurationSet = context('sesConfigurationSet');
  const appUrl = context('appUrl');
  return { ...(from ? { MAIL_FROM: from } : {}), ...(configurationSet ? { SES_CONFIGURATION_SET: configurationSet } : {}), ...(appUrl ? { APP_URL: appUrl } : {}) };
}

/** ses:SendEmail on the sender's identity (its domain) and the configuration set, nothing wider. */
function grantSendMail(scope: Construct, fn: lambda.Function): void {
  const stack = Stack.of(scope);
  const from = String(scope.node.tryGetContext('mailFrom') ?? 'no-reply@qualitydesk.dev');
  const address = from.match(/<([^>]+)>/)?.[1] ?? from;
  const domain = address.slice(address.lastIndexOf('@') + 1);
  const configurationSet = scope.node.tryGetContext('sesConfigurationSet');
  const resources = [
    stack.formatArn({ service: 'ses', resource: 'identity', resourceName: domain }),
    stack.formatArn({ service: 'ses', resource: 'identity', resourceName: address }),
    ...(typeof configurationSet === 'string' && configurationSet ? [stack.formatArn({ service: 'ses', resource: 'configuration-set', resourceName: configurationSet })] : []),
  ];
  fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['ses:SendEmail'], resources }));
}

/**
 * Stripe Checkout (issue 16 §4). CDK context: `stripeSecretArn` (a Secrets Manager secret whose
 * string is the Stripe secret key; unset, the built-in checkout runs), `stripePriceTeamsMonthly`,
 * `stripePriceTeamsAnnual` (Stripe price ids; unset, the price goes inline from the plan constants),
 * `appUrl` (where Stripe returns; unset, the caller's Origin).
 */
export function checkoutEnvironment(scope: Construct): Record<string, string> {
  const context = (key: string): string | undefined => {
    const value = scope.node.tryGetContext(key);
    return typeof value === 'string' && value ? value : undefined;
  };
  const env: Record<string, string> = {};
  const pairs: Array<[string, string]> = [
    ['stripeSecretArn', 'STRIPE_SECRET_ARN'],
    ['stripePriceTeamsMonthly', 'STRIPE_PRICE_TEAMS_MONTHLY'],
    ['stripePriceTeamsAnnual', 'STRIPE_PRICE_TEAMS_ANNUAL'],
    ['appUrl', 'APP_URL'],
  ];
  for (const [key, name] of pairs) {
    const value = context(key);
    if (value) env[name] = value;
  }
  return env;
}

/** secretsmanager:GetSecretValue on the Stripe secret alone, only when one is configured. */
export function grantCheckoutSecret(scope: Construct, fn: lambda.Function): void {
  const arn = scope.node.tryGetContext('stripeSecretArn');
  if (typeof arn !== 'string' || !arn) return;
  fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [arn] }));
}

/**
 * Stripe webhooks (issue 16 §4). CDK context `stripeWebhookSecretArn`: a Secrets Manager secret
 * whose string is the endpoint's signing secret (whsec_…); unset, the webhook route answers 404.
 */
export function stripeWebhookEnvironment(scope: Construct): Record<string, string> {
  const arn = scope.node.tryGetContext('stripeWebhookSecretArn');
  return typeof arn === 'string' && arn ? { STRIPE_WEBHOOK_SECRET_ARN: arn } : {};
}

/** secretsmanager:GetSecretValue on the webhook signing secret alone, only when one is configured. */
export function grantStripeWebhookSecret(scope: Construct, fn: lambda.Function): void {
  const arn = scope.node.tryGetContext('stripeWebhookSecretArn');
  if (typeof arn !== 'string' || !arn) return;
  fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [arn] }));
}
