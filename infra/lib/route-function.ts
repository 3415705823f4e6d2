// "A route's function": the one place where Lambda defaults and least-privilege grants live.
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { routeKey, routeName, type Route } from '../../functions/routes';
import { functionsBuildDir, repoRoot } from './paths';

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

export interface RouteFunctionProps {
  route: Route;
  stage: string;
  table: dynamodb.ITable;
  userPool: cognito.IUserPool;
  userPoolClient: cognito.IUserPoolClient;
  /** Where build-functions wrote the bundles. */
  functionsDir?: string;
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
    const context = (key: string, fallback: string): string => String(this.node.tryGetContext(key) ?? fallback);

    // An explicit log group: retention without the LogRetention custom resource.
    const logGroup = new logs.LogGroup(this, 'Logs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: stage === 'prod' ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

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
        TABLE_NAME: table.tableName,
        USER_POOL_ID: userPool.userPoolId,
        USER_POOL_CLIENT_ID: userPoolClient.userPoolClientId,
        STAGE: stage,
        DEMO_MODE: context('demoMode', 'false') === 'true' ? 'true' : 'false',
        APP_VERSION: appVersion,
        EMERGENCY_ACCESS_CODE: context('emergencyAccessCode', ''),
        NODE_OPTIONS: '--enable-source-maps',
        AWS_NODEJS_CONNECTION_REUSE_ENABLED: '1',
      },
    });

    if (route.table === 'read') table.grantReadData(this.function);
    if (route.table === 'readWrite') table.grantReadWriteData(this.function);
    if (route.identity === 'describe') userPool.grant(this.function, 'cognito-idp:DescribeUserPool');
    if (route.identity === 'admin') userPool.grant(this.function, ...cognitoAdminActions);
  }
}
