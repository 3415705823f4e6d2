// The scan worker (issue 4 §3): POST /api/{dataset}/scan and reset answer at once and invoke it
// asynchronously with the job; it streams the source file from S3 through the checks and writes
// the failed rows. It also runs demo deploy jobs (write a template's files, then scan them). Same defaults as a route's function, with the time a 100k-row scan needs.
import { Duration } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { functionsBuildDir } from './paths';
import { appEnvironment, appLogGroup, grantPublish, type AppFunctionProps } from './route-function';
import type { RealtimePublishing } from './realtime-api';
import { acknowledgeFunctionDefaults } from './nag';

/** The bundle build-functions writes for functions/worker/scan-worker.ts. */
export const SCAN_WORKER_BUNDLE = 'worker-scan-worker';

export interface ScanWorkerProps extends AppFunctionProps {
  sourceBucket?: s3.IBucket;
  functionsDir?: string;
  /** Publishes quality-metrics when a scan or sync ends (issue 13 item 7). */
  realtime?: RealtimePublishing;
}

export class ScanWorker extends Construct {
  public readonly function: lambda.Function;

  constructor(scope: Construct, id: string, props: ScanWorkerProps) {
    super(scope, id);
    const codeDir = path.join(props.functionsDir ?? functionsBuildDir, SCAN_WORKER_BUNDLE);
    if (!existsSync(path.join(codeDir, 'index.mjs'))) {
      throw new Error(`No bundle for the scan worker at ${codeDir}: run "npm run build:functions" first.`);
    }
    this.function = new lambda.Function(this, 'Function', {
      description: 'Scan worker: runs a dataset scan job',
      code: lambda.Code.fromAsset(codeDir),
      handler: 'index.handler',
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      // One full vCPU: checking is CPU-bound (the local bench checks ~50k rows/s on one core).
      memorySize: 1769,
      // The Lambda maximum; a job that outlives it is seen as abandoned through its heartbeat.
      timeout: Duration.minutes(15),
      logGroup: appLogGroup(this, props.stage),
      environment: {
        ...appEnvironment(this, props),
        ...(props.sourceBucket ? { SOURCE_BUCKET: props.sourceBucket.bucketName } : {}),
        ...(props.realtime ? { WEBSOCKET_ENDPOINT: props.realtime.endpoint } : {}),
      },
    });
    // A retried invoke would find the job no longer queued and do nothing: do not retry at all.
    this.function.configureAsyncInvoke({ retryAttempts: 0, maxEventAge: Duration.hours(1) });
    props.table.grantReadWriteData(this.function);
    props.sourceBucket?.grantRead(this.function);
    // Demo deploy jobs write the generated source files they then scan (never delete any).
    props.sourceBucket?.grantPut(this.function);
    if (props.realtime) grantPublish(this.function, props.realtime);
    acknowledgeFunctionDefaults(this);
  }
}
