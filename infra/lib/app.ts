// Builds the stage's stacks on an App; shared by bin/app.ts and the tests.
import { Tags, type App } from 'aws-cdk-lib';
import { EdgeStack } from './edge-stack';
import { StatefulStack } from './stateful-stack';
import { StatelessStack } from './stateless-stack';

export const stagePattern = /^[a-z][a-z0-9-]{0,20}$/;

export interface BuildAppOptions {
  /** Bundles from build-functions; defaults to .build/functions. */
  functionsDir?: string;
  /** Built SPA; defaults to web/dist. */
  webDistDir?: string;
}

/** Stage names end up in resource names, so they must suit every AWS naming rule involved. */
export function assertStage(stage: string): void {
  if (!stagePattern.test(stage)) {
    throw new Error(`Invalid stage "${stage}": use lower-case letters, digits and dashes (${stagePattern}).`);
  }
}

export function buildApp(app: App, stage: string, options: BuildAppOptions = {}) {
  assertStage(stage);
  // Unset in CI and without credentials: the stacks are then environment-agnostic.
  const env = { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION };
  const isProd = stage === 'prod';

  const stateful = new StatefulStack(app, `QualityDesk-${stage}-Stateful`, {
    env,
    stage,
    terminationProtection: isProd,
    description: `Quality Desk ${stage}: table and user pool`,
  });
  // CloudFront's WAF must live in us-east-1 (EdgeStack). A stage in us-east-1 wires it directly;
  // elsewhere deploy the Edge stack first and pass its WebAclArn output as context webAclArn.
  const edge = new EdgeStack(app, `QualityDesk-${stage}-Edge`, {
    env: { account: env.account, region: 'us-east-1' },
    stage,
    description: `Quality Desk ${stage}: WAF web ACL of the CloudFront distribution (us-east-1)`,
  });
  const contextAcl = app.node.tryGetContext('webAclArn') as string | undefined;
  const webAclArn = contextAcl || (env.region === 'us-east-1' ? edge.webAcl.attrArn : undefined);

  const stateless = new StatelessStack(app, `QualityDesk-${stage}-Stateless`, {
    webAclArn,
    env,
    stage,
    table: stateful.table,
    userPool: stateful.userPool,
    userPoolClient: stateful.userPoolClient,
    sourceBucket: stateful.sourceBucket,
    suggestionsQueue: stateful.suggestionsQueue,
    suggestionsDeadLetterQueue: stateful.suggestionsDeadLetters,
    secretsKey: stateful.secretsKey,
    functionsDir: options.functionsDir,
    webDistDir: options.webDistDir,
    alarmEmail: (app.node.tryGetContext('alarmEmail') as string | undefined) || undefined,
    description: `Quality Desk ${stage}: API, functions and web front`,
  });

  for (const stack of [stateful, stateless, edge]) {
    Tags.of(stack).add('app', 'quality-desk');
    Tags.of(stack).add('stage', stage);
  }
  return { stateful, stateless, edge };
}
