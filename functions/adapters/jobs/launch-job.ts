import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { getConfig } from '../../config';
import { currentCorrelationId, logger } from '../../lib/logger';
import { localJob } from './local-jobs';

// Starts a background job without holding the request: in AWS an asynchronous invoke of the
// function that runs it (Lambda freezes a function once it has answered, so work cannot continue
// in-process); locally the job runs in this process after the answer, as the local stack is one
// process (local-jobs.ts). The event carries the starting request's correlation id.

let lambda: LambdaClient | undefined;

export async function launchJob<E extends { kind: string }>(
  functionName: string | undefined,
  event: E,
  failed: { message: string; fields: Record<string, unknown> },
  /** How to run it here; by default the runner the local server registered for the event's kind (local-jobs.ts). */
  runHere?: (event: E & { correlationId?: string }) => Promise<unknown>,
): Promise<void> {
  const correlationId = currentCorrelationId();
  const withId = { ...event, ...(correlationId ? { correlationId } : {}) };
  if (functionName) {
    lambda ??= new LambdaClient({ region: getConfig().region });
    await lambda.send(new InvokeCommand({ FunctionName: functionName, InvocationType: 'Event', Payload: Buffer.from(JSON.stringify(withId)) }));
    return;
  }
  const run = runHere ?? localJob(event.kind);
  if (!run) throw new Error(`No runner for "${event.kind}" jobs: set the worker's function name (AWS) or register one (scripts/local/local-jobs.ts).`);
  setImmediate(() => {
    run(withId).catch((error: unknown) => logger.error(failed.message, { ...failed.fields, error: error instanceof Error ? error.message : String(error) }));
  });
}
