// One nested stack per area keeps every CloudFormation stack far below the 500-resource limit
// (a route costs about seven resources).
import { NestedStack, type NestedStackProps } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type * as kms from 'aws-cdk-lib/aws-kms';
import type { Construct } from 'constructs';
import { routeName, type Area, type Route } from '../../functions/routes';
import { RouteFunction } from './route-function';
import { acknowledgeRouteAuthorization } from './nag';
import type { RealtimePublishing } from './realtime-api';

export interface RouteAreaStackProps extends NestedStackProps {
  area: Area;
  routes: readonly Route[];
  stage: string;
  api: apigwv2.IHttpApi;
  table: dynamodb.ITable;
  userPool: cognito.IUserPool;
  userPoolClient: cognito.IUserPoolClient;
  sourceBucket?: s3.IBucket;
  functionsDir?: string;
  scanWorker?: lambda.IFunction;
  agentSync?: lambda.IFunction;
  suggestionsQueue?: sqs.IQueue;
  suggestionsDeadLetterQueue?: sqs.IQueue;
  realtime?: RealtimePublishing;
  secretsKey?: kms.IKey;
}

export class RouteAreaStack extends NestedStack {
  public readonly routeFunctions = new Map<string, RouteFunction>();

  constructor(scope: Construct, id: string, props: RouteAreaStackProps) {
    super(scope, id, { description: `Quality Desk ${props.stage}: ${props.area} routes` });
    for (const route of props.routes) {
      const name = routeName(route);
      const routeFunction = new RouteFunction(this, name, { ...props, route });
      const httpRoute = new apigwv2.HttpRoute(this, `${name}-Route`, {
        httpApi: props.api,
        routeKey: apigwv2.HttpRouteKey.with(route.path, apigwv2.HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`${name}-Integration`, routeFunction.function, {
          payloadFormatVersion: apigwv2.PayloadFormatVersion.VERSION_2_0,
        }),
      });
      acknowledgeRouteAuthorization(httpRoute);
      this.routeFunctions.set(name, routeFunction);
    }
  }
}
