import { App, NestedStack, Stack } from 'aws-cdk-lib';
import { API_THROTTLE, REALTIME_THROTTLE } from '../../shared/rate-limits';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { routeKey, routeName, routes, type Route } from '../../functions/routes';
import { buildFunctions } from '../build-functions';
import { buildApp } from '../lib/app';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { checkoutEnvironment, cognitoAdminActions, cognitoSignInActions, grantCheckoutSecret, grantStripeWebhookSecret, stripeWebhookEnvironment } from '../lib/route-function';

type Resource = { Type: string; Properties: Record<string, any> };

// Bundles go to a private directory: works on a fresh clone and never races another test file.
const functionsDir = mkdtempSync(path.join(os.tmpdir(), 'qd-infra-functions-'));
let stacks: Stack[];
let stateless: Template;
let routeTemplates: Template[];

beforeAll(async () => {
  await buildFunctions({ outDir: functionsDir });
  const app = new App();
  const built = buildApp(app, 'test', { functionsDir, webDistDir: path.join(functionsDir, 'no-web-build') });
  const nested = built.stateless.node.findAll().filter((c): c is NestedStack => NestedStack.isNestedStack(c));
  stacks = [built.stateful, built.stateless, ...nested];
  stateless = Template.fromStack(built.stateless);
  routeTemplates = nested.map((stack) => Template.fromStack(stack));
});

afterAll(() => rmSync(functionsDir, { recursive: true, force: true }));

const resourcesOf = (type: string): [string, Resource, Template][] =>
  routeTemplates.flatMap((t) => Object.entries(t.findResources(type)).map(([id, r]) => [id, r as Resource, t] as [string, Resource, Template]));

/** Every IAM action granted to the function of a route (matched by its description, the route key). */
function actionsOf(route: Route): string[] {
  const found = resourcesOf('AWS::Lambda::Function').find(([, fn]) => fn.Properties.Description === routeKey(route));
  if (!found) throw new Error(`no function for ${routeKey(route)}`);
  const [, fn, template] = found;
  const roleId = fn.Properties.Role['Fn::GetAtt'][0];
  return Object.values(template.findResources('AWS::IAM::Policy'))
    .filter((p) => p.Properties.Roles.some((r: { Ref?: string }) => r.Ref === roleId))
    .flatMap((p) => p.Properties.PolicyDocument.Statement)
    .flatMap((s: { Action: string | string[] }) => [s.Action].flat());
}

const writeActions = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'];
const withoutIdentityGrant = routes.filter((r) => r.identity !== 'describe' && r.identity !== 'admin' && r.identity !== 'auth');

describe('route functions', () => {
  it('creates one function per distinct route, and one API route per table entry', () => {
    const functions = resourcesOf('AWS::Lambda::Function');
    expect(functions).toHaveLength(new Set(routes.map(routeName)).size);
    const routeKeys = resourcesOf('AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties.RouteKey);
    expect(routeKeys.sort()).toEqual(routes.map(routeKey).sort());
  });

  it('runs every function on Node 22, arm64, with the shared environment', () => {
    const agentRoutes = new Set(routes.filter((r) => r.agent).map(routeKey));
    for (const [, fn] of resourcesOf('AWS::Lambda::Function')) {
      // Routes that call a customer's agent (issue 14) may take API Gateway's 29 s; their test below.
      const sizing = agentRoutes.has(fn.Properties.Description) ? { MemorySize: 1769, Timeout: 28 } : { MemorySize: 512, Timeout: 10 };
      expect(fn.Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], Handler: 'index.handler', ...sizing });
      // SOURCE_BUCKET only on the routes that read or write datasets' source files (issue 4); the
      // queue URL and AI settings only on the AI routes that enqueue or ask a provider (issue 5).
      // The same for the route-specific settings of later issues: the queue probe (issue 9), mail
      // (issue 11) and the web address preflight reads (issue 15); their own tests assert where.
      const aiOnly = (k: string) =>
        k.startsWith('SUGGESTIONS_') || k.startsWith('AI_') || k === 'MAIL_FROM' || k === 'SES_CONFIGURATION_SET' || k === 'APP_URL' || k === 'WEB_URL' || k === 'WEBSOCKET_ENDPOINT' || k === 'KMS_KEY_ID' || k.startsWith('STRIPE_');
      expect(Object.keys(fn.Properties.Environment.Variables).filter((k) => k !== 'SOURCE_BUCKET' && k !== 'SCAN_WORKER_FUNCTION' && k !== 'AGENT_SYNC_FUNCTION' && !aiOnly(k)).sort()).toEqual([
        'APP_VERSION', 'AWS_NODEJS_CONNECTION_REUSE_ENABLED', 'DEMO_MODE', 'EMERGENCY_ACCESS_CODE', 'NODE_OPTIONS',
        'QA_MODE', 'STAGE', 'TABLE_NAME', 'USER_POOL_CLIENT_ID', 'USER_POOL_ID',
      ]);
      expect(fn.Properties.Environment.Variables).toMatchObject({ STAGE: 'test', DEMO_MODE: 'false', EMERGENCY_ACCESS_CODE: '' });
    }
  });

  it('keeps a month of logs for every function', () => {
    const logGroups = resourcesOf('AWS::Logs::LogGroup');
    expect(logGroups).toHaveLength(resourcesOf('AWS::Lambda::Function').length);
    for (const [, group] of logGroups) expect(group.Properties.RetentionInDays).toBe(30);
  });

  it('integrates every route with payload format 2.0', () => {
    for (const [, integration] of resourcesOf('AWS::ApiGatewayV2::Integration')) {
      expect(integration.Properties).toMatchObject({ IntegrationType: 'AWS_PROXY', PayloadFormatVersion: '2.0' });
    }
  });
});

describe('least privilege', () => {
  it.each(routes.filter((r) => r.table === 'read').map((r) => [routeKey(r), r] as const))(
    '%s may read the table but not write it',
    (_, route) => {
      const actions = actionsOf(route);
      expect(actions).toContain('dynamodb:Query');
      for (const action of writeActions) expect(actions).not.toContain(action);
    },
  );

  it.each(routes.filter((r) => r.table === 'readWrite').map((r) => [routeKey(r), r] as const))(
    '%s may read and write the table',
    (_, route) => expect(actionsOf(route)).toEqual(expect.arrayContaining(['dynamodb:Query', ...writeActions])),
  );

  it.each(routes.filter((r) => r.table === 'none').map((r) => [routeKey(r), r] as const))(
    '%s has no table access',
    (_, route) => expect(actionsOf(route).filter((a) => a.startsWith('dynamodb:'))).toEqual([]),
  );

  it.each(withoutIdentityGrant.map((r) => [routeKey(r), r] as const))(
    '%s has no user-pool actions',
    (_, route) => expect(actionsOf(route).filter((a) => a.startsWith('cognito-idp:'))).toEqual([]),
  );

  it('grants DescribeUserPool alone to describe routes, the Admin* calls alone to admin routes, and the sign-in calls alone to auth routes', () => {
    for (const route of routes.filter((r) => r.identity === 'describe' || r.identity === 'admin' || r.identity === 'auth')) {
      const expected = route.identity === 'describe' ? ['cognito-idp:DescribeUserPool'] : route.identity === 'auth' ? cognitoSignInActions : cognitoAdminActions;
      expect(actionsOf(route).filter((a) => a.startsWith('cognito-idp:')).sort()).toEqual([...expected].sort());
    }
  });

  it('lets only the routes that send e-mail call ses:SendEmail, on the sender identity alone', () => {
    const mailing = routes.filter((r) => r.mail);
    expect(mailing.map(routeKey).sort()).toEqual(['POST /api/datasets/{id}/issues/bulk-assign', 'POST /api/marketing/signup', 'POST /api/organizations/{orgId}/invites', 'POST /api/organizations/{orgId}/invites/{id}/resend', 'POST /api/users/me/email-change']);
    for (const route of routes) {
      const ses = statementsOf(route).filter((s) => [s.Action].flat().some((a) => a.startsWith('ses:')));
      if (!route.mail) {
        expect(ses).toEqual([]);
        continue;
      }
      expect(ses.flatMap((s) => [s.Action].flat())).toEqual(['ses:SendEmail']);
      expect(JSON.stringify(ses.map((s) => s.Resource))).toContain(':identity/qualitydesk.dev');
      expect(JSON.stringify(ses.map((s) => s.Resource))).not.toContain('"*"');
    }
  });
});

describe('checkout (issue 16 §4)', () => {
  it('marks the checkout routes, and grants no secret without a configured Stripe secret', () => {
    expect(routes.filter((r) => r.checkout).map(routeKey).sort()).toEqual(['GET /api/billing/checkout-sessions/{sessionId}', 'POST /api/billing/checkout-sessions']);
    for (const route of routes) {
      expect(actionsOf(route).filter((a) => a.startsWith('secretsmanager:'))).toEqual([]);
    }
    for (const [, fn] of resourcesOf('AWS::Lambda::Function')) {
      expect(Object.keys(fn.Properties.Environment.Variables).filter((k) => k.startsWith('STRIPE_'))).toEqual([]);
    }
  });

  it('with stripeSecretArn, gives the checkout routes its ARN and GetSecretValue on that secret alone', () => {
    const arn = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:qd/stripe-AbCdEf';
    const stack = new Stack(new App({ context: { stripeSecretArn: arn, stripePriceTeamsMonthly: 'price_m' } }), 'CheckoutGrant');
    const fn = new lambda.Function(stack, 'Fn', { runtime: lambda.Runtime.NODEJS_22_X, handler: 'index.handler', code: lambda.Code.fromInline('exports.handler=()=>{}'), environment: checkoutEnvironment(stack) });
    grantCheckoutSecret(stack, fn);
    const template = Template.fromStack(stack);
    template.hasResourceProperties('AWS::Lambda::Function', { Environment: { Variables: { STRIPE_SECRET_ARN: arn, STRIPE_PRICE_TEAMS_MONTHLY: 'price_m' } } });
    template.hasResourceProperties('AWS::IAM::Policy', { PolicyDocument: { Statement: [{ Action: 'secretsmanager:GetSecretValue', Effect: 'Allow', Resource: arn }] } });
  });

  it('marks the Stripe webhook route alone, and with stripeWebhookSecretArn gives it that ARN and GetSecretValue on it alone', () => {
    expect(routes.filter((r) => r.stripeWebhook).map(routeKey)).toEqual(['POST /api/billing/stripe-webhook']);
    const arn = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:qd/stripe-webhook-AbCdEf';
    const stack = new Stack(new App({ context: { stripeWebhookSecretArn: arn } }), 'WebhookGrant');
    const fn = new lambda.Function(stack, 'Fn', { runtime: lambda.Runtime.NODEJS_22_X, handler: 'index.handler', code: lambda.Code.fromInline('exports.handler=()=>{}'), environment: stripeWebhookEnvironment(stack) });
    grantStripeWebhookSecret(stack, fn);
    const template = Template.fromStack(stack);
    template.hasResourceProperties('AWS::Lambda::Function', { Environment: { Variables: { STRIPE_WEBHOOK_SECRET_ARN: arn } } });
    template.hasResourceProperties('AWS::IAM::Policy', { PolicyDocument: { Statement: [{ Action: 'secretsmanager:GetSecretValue', Effect: 'Allow', Resource: arn }] } });
  });
});

/** Every statement granted to the function of a route. */
function statementsOf(route: Route): Array<{ Action: string | string[]; Resource: unknown }> {
  const found = resourcesOf('AWS::Lambda::Function').find(([, fn]) => fn.Properties.Description === routeKey(route));
  if (!found) throw new Error(`no function for ${routeKey(route)}`);
  const [, fn, template] = found;
  const roleId = fn.Properties.Role['Fn::GetAtt'][0];
  return Object.values(template.findResources('AWS::IAM::Policy'))
    .filter((p) => p.Properties.Roles.some((r: { Ref?: string }) => r.Ref === roleId))
    .flatMap((p) => p.Properties.PolicyDocument.Statement);
}

describe('scan worker', () => {
  const workerOf = () => {
    const found = Object.entries(stateless.findResources('AWS::Lambda::Function')).filter(([, fn]) => String(fn.Properties.Description).startsWith('Scan worker'));
    expect(found).toHaveLength(1);
    return found[0]! as [string, Resource];
  };

  it('runs functions/worker/scan-worker.ts on Node 22, arm64, with the shared environment and the source bucket', () => {
    const [, fn] = workerOf();
    expect(fn.Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], Handler: 'index.handler', Timeout: 900 });
    expect(Object.keys(fn.Properties.Environment.Variables).sort()).toEqual([
      'APP_VERSION', 'AWS_NODEJS_CONNECTION_REUSE_ENABLED', 'DEMO_MODE', 'EMERGENCY_ACCESS_CODE', 'NODE_OPTIONS',
      'QA_MODE', 'SOURCE_BUCKET', 'STAGE', 'TABLE_NAME', 'USER_POOL_CLIENT_ID', 'USER_POOL_ID', 'WEBSOCKET_ENDPOINT',
    ]);
    expect(JSON.stringify(fn.Properties.Environment.Variables.WEBSOCKET_ENDPOINT)).toContain('/ws');
    stateless.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 30 });
    stateless.hasResourceProperties('AWS::Lambda::EventInvokeConfig', { MaximumRetryAttempts: 0 });
  });

  it('may read and write the table, read source files and write new ones (demo deploy jobs), publish real-time events, nothing more', () => {
    const [id, fn] = workerOf();
    const roleId = fn.Properties.Role['Fn::GetAtt'][0];
    const actions = Object.values(stateless.findResources('AWS::IAM::Policy'))
      .filter((p) => p.Properties.Roles.some((r: { Ref?: string }) => r.Ref === roleId))
      .flatMap((p) => p.Properties.PolicyDocument.Statement)
      .flatMap((st: { Action: string | string[] }) => [st.Action].flat());
    expect(id).toContain('ScanWorker');
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:Query', ...writeActions, 's3:GetObject*', 's3:PutObject', 'execute-api:ManageConnections']));
    expect(actions.filter((a) => a.startsWith('execute-api:'))).toEqual(['execute-api:ManageConnections']);
    expect(actions.filter((a) => (a.startsWith('s3:Put') && a !== 's3:PutObject' && a !== 's3:PutObjectLegalHold' && a !== 's3:PutObjectRetention' && a !== 's3:PutObjectTagging' && a !== 's3:PutObjectVersionTagging') || a.startsWith('s3:Delete') || a.startsWith('cognito-idp:') || a.startsWith('lambda:'))).toEqual([]);
  });

  it.each(routes.filter((r) => r.launchesScans).map((r) => [routeKey(r), r] as const))(
    '%s names the worker and may invoke it, and only it',
    (_, route) => {
      const [, fn] = resourcesOf('AWS::Lambda::Function').find(([, f]) => f.Properties.Description === routeKey(route))!;
      expect(JSON.stringify(fn.Properties.Environment.Variables.SCAN_WORKER_FUNCTION)).toContain('ScanWorker');
      const invokes = statementsOf(route).filter((st) => [st.Action].flat().includes('lambda:InvokeFunction'));
      expect(invokes).toHaveLength(1);
      expect([invokes[0]!.Action].flat()).toEqual(['lambda:InvokeFunction']);
      for (const resource of [invokes[0]!.Resource].flat()) expect(JSON.stringify(resource)).toContain('ScanWorker');
    },
  );

  it('gives no other route the worker or any lambda action', () => {
    for (const route of routes.filter((r) => !r.launchesScans)) {
      const [, fn] = resourcesOf('AWS::Lambda::Function').find(([, f]) => f.Properties.Description === routeKey(route))!;
      expect(fn.Properties.Environment.Variables.SCAN_WORKER_FUNCTION, routeKey(route)).toBeUndefined();
      if (!route.launchesAgentSync) expect(actionsOf(route).filter((a) => a.startsWith('lambda:')), routeKey(route)).toEqual([]);
    }
  });
});

describe('agent connector (issue 14)', () => {
  const kmsActions = (route: Route) => actionsOf(route).filter((a) => a.startsWith('kms:'));

  it('lets only the configure route wrap new data keys and no route unwrap them (only the agent sync function does)', () => {
    expect(routes.filter((r) => r.kms).map((r) => `${routeKey(r)} ${r.kms}`).sort()).toEqual(['POST /api/organizations/{orgId}/soda-agent/configure seal']);
    for (const route of routes) {
      const expected = [
        ...(route.kms === 'seal' ? ['kms:GenerateDataKey'] : route.kms === 'open' ? ['kms:Decrypt'] : []),
        ...(route.keys === 'describe' ? ['kms:DescribeKey', 'kms:ListKeyRotations', 'kms:GetKeyRotationStatus'] : []),
      ];
      expect([...new Set(kmsActions(route))].sort(), routeKey(route)).toEqual(expected.sort());
    }
  });

  it('lets only System & Security, the status and the BYOK list read keys’ state, and never key material', () => {
    expect(routes.filter((r) => r.keys).map(routeKey).sort()).toEqual(['GET /api/organizations/byok', 'GET /api/system/security', 'GET /api/system/status']);
    for (const route of routes.filter((r) => r.keys)) {
      expect(kmsActions(route).filter((a) => !['kms:DescribeKey', 'kms:ListKeyRotations', 'kms:GetKeyRotationStatus'].includes(a)), routeKey(route)).toEqual([]);
    }
  });

  it('names the stage key to the routes that use it, and to no other', () => {
    for (const route of routes) {
      const [, fn] = resourcesOf('AWS::Lambda::Function').find(([, f]) => f.Properties.Description === routeKey(route))!;
      if (route.kms || route.keys) expect(JSON.stringify(fn.Properties.Environment.Variables.KMS_KEY_ID), routeKey(route)).toContain('SecretsKey');
      else expect(fn.Properties.Environment.Variables.KMS_KEY_ID, routeKey(route)).toBeUndefined();
    }
  });

  it('limits the BYOK grant to the agent API key’s encryption context', () => {
    for (const route of routes.filter((r) => r.kms)) {
      const byok = statementsOf(route).filter((s) => JSON.stringify(s.Resource) === '"arn:aws:kms:*:*:key/*"');
      expect(byok, routeKey(route)).toHaveLength(1);
      expect((byok[0] as { Condition?: unknown }).Condition).toEqual({ StringEquals: { 'kms:EncryptionContext:purpose': 'soda-agent-api-key' } });
    }
  });

  it('lets configure and Sync now invoke the agent sync function asynchronously, and no other route', () => {
    expect(routes.filter((r) => r.launchesAgentSync).map(routeKey).sort()).toEqual([
      'POST /api/organizations/{orgId}/soda-agent/configure',
      'POST /api/organizations/{orgId}/soda-agent/sync',
    ]);
    for (const route of routes) {
      const [, fn] = resourcesOf('AWS::Lambda::Function').find(([, f]) => f.Properties.Description === routeKey(route))!;
      if (route.launchesAgentSync) {
        expect(actionsOf(route).filter((a) => a.startsWith('lambda:')), routeKey(route)).toEqual(['lambda:InvokeFunction']);
        expect(JSON.stringify(fn.Properties.Environment.Variables.AGENT_SYNC_FUNCTION), routeKey(route)).toContain('AgentSync');
      } else {
        expect(fn.Properties.Environment.Variables.AGENT_SYNC_FUNCTION, routeKey(route)).toBeUndefined();
      }
    }
  });

  it('syncs every 15 minutes from an EventBridge rule, with Decrypt, the table and real-time publishing, nothing else', () => {
    stateless.hasResourceProperties('AWS::Events::Rule', { ScheduleExpression: 'rate(15 minutes)', State: 'ENABLED' });
    const found = Object.entries(stateless.findResources('AWS::Lambda::Function')).filter(([, fn]) => String(fn.Properties.Description).startsWith('Agent sync'));
    expect(found).toHaveLength(1);
    const [, fn] = found[0]! as [string, Resource];
    expect(fn.Properties).toMatchObject({ Runtime: 'nodejs22.x', Timeout: 840 });
    // Invoked asynchronously by configure and Sync now: a failed run is not retried without its claim.
    const fnId = found[0]![0];
    const invokeConfigs = Object.values(stateless.findResources('AWS::Lambda::EventInvokeConfig')).filter((c) => JSON.stringify(c.Properties.FunctionName).includes(fnId));
    expect(invokeConfigs.map((c) => c.Properties.MaximumRetryAttempts)).toEqual([0]);
    const roleId = fn.Properties.Role['Fn::GetAtt'][0];
    const actions = Object.values(stateless.findResources('AWS::IAM::Policy'))
      .filter((p) => p.Properties.Roles.some((r: { Ref?: string }) => r.Ref === roleId))
      .flatMap((p) => p.Properties.PolicyDocument.Statement)
      .flatMap((st: { Action: string | string[] }) => [st.Action].flat());
    expect(actions.filter((a) => a.startsWith('kms:'))).toEqual(['kms:Decrypt', 'kms:Decrypt']);
    // A sync's import ends with a quality-metrics event (issue 13 item 7).
    expect(actions.filter((a) => !a.startsWith('kms:') && !a.startsWith('dynamodb:'))).toEqual(['execute-api:ManageConnections']);
    expect(JSON.stringify(fn.Properties.Environment.Variables.WEBSOCKET_ENDPOINT)).toContain('/ws');
  });
});

describe('stack limits', () => {
  it('keeps every stack, parent and nested, under 450 resources', () => {
    expect(stacks.length).toBeGreaterThan(2);
    for (const stack of stacks) {
      const count = Object.keys(Template.fromStack(stack).toJSON().Resources ?? {}).length;
      expect(count, stack.node.path).toBeLessThan(450);
    }
  });
});

describe('web front', () => {
  it('serves the SPA from the bucket and sends /api/* uncached to the HTTP API', () => {
    stateless.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        CustomErrorResponses: Match.absent(),
        DefaultCacheBehavior: Match.objectLike({
          FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
        }),
        // /api/* and the QA routes' /qa/* (issue 15) go to the HTTP API the same way; /ws to the
        // WebSocket API (issue 13), uncached, with the viewer's upgrade headers.
        CacheBehaviors: ['/api/*', '/qa/*', '/ws'].map((PathPattern) =>
          Match.objectLike({
            PathPattern,
            CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
            OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
          }),
        ),
      }),
    });
    const [distribution] = Object.values(stateless.findResources('AWS::CloudFront::Distribution'));
    const [apiBehavior] = distribution!.Properties.DistributionConfig.CacheBehaviors;
    expect(apiBehavior.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']));
  });

  it('exposes the URLs and identifiers a deploy needs', () => {
    for (const name of ['DistributionUrl', 'ApiUrl', 'RealtimeUrl', 'UserPoolId', 'UserPoolClientId', 'TableName']) {
      stateless.hasOutput(name, {});
    }
  });
});

describe('real-time WebSocket API (issue 13)', () => {
  const realtimeFunction = (prefix: string) => {
    const found = Object.entries(stateless.findResources('AWS::Lambda::Function')).filter(([, fn]) => String(fn.Properties.Description).startsWith(prefix));
    expect(found).toHaveLength(1);
    return found[0]! as [string, Resource];
  };
  const actionsOfFunction = (fnId: string) => {
    const [, fn] = [fnId, stateless.findResources('AWS::Lambda::Function')[fnId]!];
    const roleId = fn.Properties.Role['Fn::GetAtt'][0];
    return Object.values(stateless.findResources('AWS::IAM::Policy'))
      .filter((p) => p.Properties.Roles.some((r: { Ref?: string }) => r.Ref === roleId))
      .flatMap((p) => p.Properties.PolicyDocument.Statement)
      .flatMap((st: { Action: string | string[] }) => [st.Action].flat())
      .sort();
  };

  it('has $connect and $disconnect routes on functions, a ping route answered by API Gateway, and a stage named ws with access logs', () => {
    stateless.resourceCountIs('AWS::ApiGatewayV2::Api', 2);
    stateless.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'WEBSOCKET', RouteSelectionExpression: '$request.body.action' });
    const routeKeys = Object.values(stateless.findResources('AWS::ApiGatewayV2::Route')).map((r) => r.Properties.RouteKey).sort();
    expect(routeKeys).toEqual(['$connect', '$disconnect', 'ping']);
    stateless.hasResourceProperties('AWS::ApiGatewayV2::Integration', { IntegrationType: 'MOCK' });
    stateless.hasResourceProperties('AWS::ApiGatewayV2::Stage', { StageName: 'ws', AutoDeploy: true, AccessLogSettings: Match.objectLike({ DestinationArn: Match.anyValue() }) });
  });

  it('throttles both APIs at the rates System & Security shows (shared/rate-limits.ts)', () => {
    stateless.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      DefaultRouteSettings: { ThrottlingRateLimit: API_THROTTLE.ratePerSecond, ThrottlingBurstLimit: API_THROTTLE.burst },
    });
    stateless.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: 'ws',
      DefaultRouteSettings: Match.objectLike({ ThrottlingRateLimit: REALTIME_THROTTLE.ratePerSecond, ThrottlingBurstLimit: REALTIME_THROTTLE.burst }),
    });
  });

  it('lets $connect read and put items, $disconnect query byLookup and delete, nothing else', () => {
    const [connectId, connect] = realtimeFunction('WebSocket $connect');
    const [disconnectId] = realtimeFunction('WebSocket $disconnect');
    expect(connect.Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], Handler: 'index.handler' });
    const connectActions = actionsOfFunction(connectId);
    expect(connectActions).toContain('dynamodb:PutItem');
    expect(connectActions.filter((a) => /dynamodb:(UpdateItem|DeleteItem|BatchWriteItem)/.test(a))).toEqual([]);
    expect(connectActions.filter((a) => a.startsWith('execute-api:'))).toEqual([]);
    expect(actionsOfFunction(disconnectId)).toEqual(['dynamodb:DeleteItem', 'dynamodb:Query']);
  });

  it('gives WEBSOCKET_ENDPOINT and execute-api:ManageConnections on @connections of its stage to the publishing routes only', () => {
    const publishing = routes.filter((r) => r.realtime === 'publish');
    expect(publishing.map(routeKey)).toEqual(expect.arrayContaining(['POST /api/{dataset}/resolve/{id}', 'POST /api/{dataset}/bulk-resolve']));
    for (const route of routes) {
      const manage = statementsOf(route).filter((st) => [st.Action].flat().some((a) => a.startsWith('execute-api:')));
      const found = resourcesOf('AWS::Lambda::Function').find(([, fn]) => fn.Properties.Description === routeKey(route))!;
      const env = found[1].Properties.Environment.Variables;
      if (route.realtime !== 'publish') {
        expect(manage, routeKey(route)).toEqual([]);
        expect(env.WEBSOCKET_ENDPOINT, routeKey(route)).toBeUndefined();
        continue;
      }
      expect(manage.flatMap((st) => [st.Action].flat())).toEqual(['execute-api:ManageConnections']);
      expect(JSON.stringify(manage.map((st) => st.Resource))).toContain('/ws/POST/@connections/*');
      expect(JSON.stringify(env.WEBSOCKET_ENDPOINT)).toContain('/ws');
    }
  });
});
