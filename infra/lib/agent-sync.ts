// The scheduled agent sync (issue 14 §3): an EventBridge rule every AGENT_SYNC_MINUTES invokes
// functions/worker/agent-sync-worker.ts, which syncs every connected organization’s agent; configure
// and Sync now invoke it asynchronously for one organization. It is the only function that may open
// (kms:Decrypt) a sealed API key.
import { Duration } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as kms from 'aws-cdk-lib/aws-kms';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { AGENT_SYNC_MINUTES } from '../../shared/schemas/agent';
import { functionsBuildDir } from './paths';
import { appEnvironment, appLogGroup, grantPublish, grantSecrets, type AppFunctionProps } from './route-function';
import type { RealtimePublishing } from './realtime-api';
import { acknowledgeFunctionDefaults } from './nag';

export const AGENT_SYNC_BUNDLE = 'worker-agent-sync-worker';

export interface AgentSyncProps extends AppFunctionProps {
  secretsKey: kms.IKey;
  functionsDir?: string;
  /** Publishes quality-metrics when a scan or sync ends (issue 13 item 7). */
  realtime?: RealtimePublishing;
}

export class AgentSync extends Construct {
  public readonly function: lambda.Function;
  public readonly rule: events.Rule;

  constructor(scope: Construct, id: string, props: AgentSyncProps) {
    super(scope, id);
    const codeDir = path.join(props.functionsDir ?? functionsBuildDir, AGENT_SYNC_BUNDLE);
    if (!existsSync(path.join(codeDir, 'index.mjs'))) {
      throw new Error(`No bundle for the agent sync at ${codeDir}: run "npm run build:functions" first.`);
    }
    this.function = new lambda.Function(this, 'Function', {
      description: 'Agent sync: pulls connected agents’ failed rows (on a schedule, after configure, on Sync now)',
      code: lambda.Code.fromAsset(codeDir),
      handler: 'index.handler',
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: 1769,
      timeout: Duration.minutes(14),
      logGroup: appLogGroup(this, props.stage),
      environment: {
        ...appEnvironment(this, props),
        KMS_KEY_ID: props.secretsKey.keyArn,
        ...(props.realtime ? { WEBSOCKET_ENDPOINT: props.realtime.endpoint } : {}),
      },
    });
    // A sync started by configure or Sync now holds the organization's claim; a failed run records
    // its failure and ends the claim, so Lambda must not run the same event again without one.
    this.function.configureAsyncInvoke({ retryAttempts: 0 });
    props.table.grantReadWriteData(this.function);
    grantSecrets(this.function, props.secretsKey, 'open');
    if (props.realtime) grantPublish(this.function, props.realtime);
    this.rule = new events.Rule(this, 'Schedule', {
      description: `Syncs connected agents every ${AGENT_SYNC_MINUTES} minutes`,
      schedule: events.Schedule.rate(Duration.minutes(AGENT_SYNC_MINUTES)),
      targets: [new targets.LambdaFunction(this.function, { retryAttempts: 0 })],
    });
    acknowledgeFunctionDefaults(this);
  }
}
