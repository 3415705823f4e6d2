// The suggestions worker (issue 5): SQS batches with partial batch failure reporting, least
// privilege (the table, source files to read, the AI provider), the app's function defaults.
import { Duration } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { suggestionsBatchSize, suggestionsQueueDefinition as queueDef } from '../../functions/adapters/queue/queue-definition';
import { aiEnvironment, grantAiProvider } from './ai-environment';
import { functionsBuildDir } from './paths';
import { appEnvironment, appLogGroup, type AppFunctionProps } from './route-function';
import { acknowledgeFunctionDefaults } from './nag';

/** The bundle build-functions writes for functions/worker/suggestions-worker.ts. */
export const SUGGESTIONS_WORKER_BUNDLE = 'worker-suggestions-worker';

export interface SuggestionsWorkerProps extends AppFunctionProps {
  queue: sqs.IQueue;
  sourceBucket?: s3.IBucket;
  functionsDir?: string;
}

export class SuggestionsWorker extends Construct {
  public readonly function: lambda.Function;

  constructor(scope: Construct, id: string, props: SuggestionsWorkerProps) {
    super(scope, id);
    const codeDir = path.join(props.functionsDir ?? functionsBuildDir, SUGGESTIONS_WORKER_BUNDLE);
    if (!existsSync(path.join(codeDir, 'index.mjs'))) {
      throw new Error(`No bundle for the suggestions worker at ${codeDir}: run "npm run build:functions" first.`);
    }
    const ai = aiEnvironment(this.node);
    this.function = new lambda.Function(this, 'Function', {
      description: 'AI suggestions worker (SQS)',
      code: lambda.Code.fromAsset(codeDir),
      handler: 'index.handler',
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: 1024,
      timeout: Duration.seconds(queueDef.workerTimeoutSeconds),
      logGroup: appLogGroup(this, props.stage),
      environment: {
        ...appEnvironment(this, props),
        ...(props.sourceBucket ? { SOURCE_BUCKET: props.sourceBucket.bucketName } : {}),
        ...ai,
      },
    });
    const batchSize = suggestionsBatchSize(ai.AI_PROVIDER);
    this.function.addEventSource(
      new SqsEventSource(props.queue, {
        batchSize,
        ...(batchSize > 10 ? { maxBatchingWindow: Duration.seconds(queueDef.maxBatchingWindowSeconds) } : {}),
        reportBatchItemFailures: true,
        maxConcurrency: queueDef.maxConcurrency,
      }),
    );
    // Only the worker (and the synchronous generate route) write suggestions and credits.
    props.table.grantReadWriteData(this.function);
    props.sourceBucket?.grantRead(this.function);
    acknowledgeFunctionDefaults(this);
    grantAiProvider(this.function, ai);
  }
}
