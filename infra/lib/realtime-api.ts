// Real-time events (issue 13 item 7): an API Gateway WebSocket API. $connect verifies the ID token
// and the member's access to the instance, then stores the connection (table item with a TTL);
// $disconnect deletes it; `ping` is the client's keep-alive (answered by API Gateway itself, no
// function). The writers (route functions flagged `realtime: 'publish'`) post events through the
// Management API to the connections of one organization + instance.
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { REALTIME_THROTTLE } from '../../shared/rate-limits';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration, WebSocketMockIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { REALTIME_PATH } from '../../shared/realtime';
import { acknowledge, acknowledgeFunctionDefaults } from './nag';
import { functionsBuildDir } from './paths';
import { appEnvironment, appLogGroup, type AppFunctionProps } from './route-function';

/** The bundles build-functions writes for functions/realtime/handlers/*.ts. */
export const REALTIME_BUNDLES = { connect: 'realtime-connect', disconnect: 'realtime-disconnect' } as const;
/**
 * The stage is named as the path the SPA connects to (/ws), so CloudFront forwards /ws to the
 * API's /ws without rewriting: same origin for pages, API and WebSocket.
 */
export const REALTIME_STAGE = REALTIME_PATH.slice(1);

export interface RealtimeApiProps extends AppFunctionProps {
  functionsDir?: string;
}

/** What a writer needs to publish: where to post, and the one grant that allows it. */
export interface RealtimePublishing {
  /** https://<api>.execute-api.<region>.<suffix>/<stage> (WEBSOCKET_ENDPOINT). */
  endpoint: string;
  /** execute-api:ManageConnections on POST @connections of this API's stage only. */
  manageConnectionsArn: string;
}

export class RealtimeApi extends Construct {
  public readonly api: apigwv2.WebSocketApi;
  public readonly stage: apigwv2.WebSocketStage;
  public readonly connectFunction: lambda.Function;
  public readonly disconnectFunction: lambda.Function;
  public readonly publishing: RealtimePublishing;

  constructor(scope: Construct, id: string, props: RealtimeApiProps) {
    super(scope, id);
    const fn = (name: string, bundle: string, description: string) => {
      const codeDir = path.join(props.functionsDir ?? functionsBuildDir, bundle);
      if (!existsSync(path.join(codeDir, 'index.mjs'))) throw new Error(`No bundle ${bundle} at ${codeDir}: run "npm run build:functions" first.`);
      const holder = new Construct(this, name);
      const f = new lambda.Function(holder, 'Function', {
        description,
        code: lambda.Code.fromAsset(codeDir),
        handler: 'index.handler',
        runtime: lambda.Runtime.NODEJS_22_X,
        architecture: lambda.Architecture.ARM_64,
        memorySize: 512,
        timeout: Duration.seconds(10),
        logGroup: appLogGroup(holder, props.stage),
        environment: appEnvironment(holder, props),
      });
      acknowledgeFunctionDefaults(holder);
      return f;
    };
    this.connectFunction = fn('Connect', REALTIME_BUNDLES.connect, 'WebSocket $connect: verifies the ID token and instance, stores the connection');
    this.disconnectFunction = fn('Disconnect', REALTIME_BUNDLES.disconnect, 'WebSocket $disconnect: deletes the connection');

    // Least privilege: $connect reads the member and instance and writes its connection item;
    // $disconnect finds the item by connection id (byLookup) and deletes it. Nothing else.
    props.table.grantReadData(this.connectFunction);
    this.connectFunction.addToRolePolicy(new iam.PolicyStatement({ actions: ['dynamodb:PutItem'], resources: [props.table.tableArn] }));
    this.disconnectFunction.addToRolePolicy(new iam.PolicyStatement({ actions: ['dynamodb:Query'], resources: [`${props.table.tableArn}/index/byLookup`] }));
    this.disconnectFunction.addToRolePolicy(new iam.PolicyStatement({ actions: ['dynamodb:DeleteItem'], resources: [props.table.tableArn] }));

    this.api = new apigwv2.WebSocketApi(this, 'Api', {
      apiName: `quality-desk-realtime-${props.stage}`,
      description: `Quality Desk ${props.stage} real-time events`,
      routeSelectionExpression: '$request.body.action',
      connectRouteOptions: { integration: new WebSocketLambdaIntegration('ConnectIntegration', this.connectFunction) },
      disconnectRouteOptions: { integration: new WebSocketLambdaIntegration('DisconnectIntegration', this.disconnectFunction) },
    });
    // Keep-alive: API Gateway closes a connection idle for 10 minutes; the SPA sends {"action":"ping"}.
    this.api.addRoute('ping', { integration: new WebSocketMockIntegration('PingIntegration') });

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: logs.RetentionDays.ONE_YEAR, removalPolicy: RemovalPolicy.DESTROY });
    this.stage = new apigwv2.WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: REALTIME_STAGE,
      autoDeploy: true,
      throttle: { rateLimit: REALTIME_THROTTLE.ratePerSecond, burstLimit: REALTIME_THROTTLE.burst },
    });
    (this.stage.node.defaultChild as apigwv2.CfnStage).accessLogSettings = {
      destinationArn: accessLogs.logGroupArn,
      format: JSON.stringify({
        requestId: '$context.requestId', ip: '$context.identity.sourceIp', time: '$context.requestTime', routeKey: '$context.routeKey',
        eventType: '$context.eventType', connectionId: '$context.connectionId', status: '$context.status', error: '$context.integrationErrorMessage',
      }),
    };

    for (const route of this.api.node.findAll().filter((c): c is apigwv2.CfnRoute => c instanceof apigwv2.CfnRoute)) {
      acknowledge(
        route,
        'AwsSolutions-APIG4',
        'No API Gateway authorizer by design: $connect verifies the Cognito ID token itself (aws-jwt-verify, the same verifier as the HTTP routes) and the member\'s access to the instance before storing the connection; $disconnect and ping act on the caller\'s own connection only.',
      );
    }

    const stack = Stack.of(this);
    this.publishing = {
      endpoint: `https://${this.api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}/${REALTIME_STAGE}`,
      manageConnectionsArn: stack.formatArn({ service: 'execute-api', resource: this.api.apiId, resourceName: `${REALTIME_STAGE}/POST/@connections/*` }),
    };
  }
}
