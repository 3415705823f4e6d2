import type { Context } from 'aws-lambda';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { getConfig } from '../../config';
import { runDemoDeployment, type DemoDeps, type DeployLauncher } from '../../domain/demo/deploy-demo';
import { currentCorrelationId, logger, withLogScope } from '../../lib/logger';
import { demoRepository } from '../dynamodb/demo-repository';
import { scanDeps } from './scan-deps';
import { scanLauncher } from './scan-launcher';

// Starts a recorded demo deploy job the way scans are started: in AWS an asynchronous invoke of
// the scan worker (its event says kind "demo-deploy"); locally in this process after the answer.
// The job is recorded before it is started, and running it twice writes nothing twice.

export interface DemoDeployEvent {
  kind: 'demo-deploy';
  organizationId: string;
  instanceId: string;
  jobId: string;
  correlationId?: string;
}

export function demoDeps(): DemoDeps {
  return { ...scanDeps(), demo: demoRepository, launcher: scanLauncher, deployLauncher: demoDeployLauncher };
}

export async function runDemoDeployJob(event: DemoDeployEvent, context?: Context) {
  const correlationId = event.correlationId ?? `demo-deploy-${event.jobId}`;
  return withLogScope({ correlationId, ...(context ? { context } : {}) }, async () => {
    const outcome = await runDemoDeployment(demoDeps(), { organizationId: event.organizationId, instanceId: event.instanceId }, event.jobId);
    logger.info('demo deployment finished', { jobId: event.jobId, instanceId: event.instanceId, outcome });
    return outcome;
  });
}

let lambda: LambdaClient | undefined;

export const demoDeployLauncher: DeployLauncher = {
  async launchDeploy(at, jobId) {
    const fn = getConfig().scanWorkerFunction;
    const correlationId = currentCorrelationId();
    const event: DemoDeployEvent = { kind: 'demo-deploy', ...at, jobId, ...(correlationId ? { correlationId } : {}) };
    if (fn) {
      lambda ??= new LambdaClient({ region: getConfig().region });
      await lambda.send(new InvokeCommand({ FunctionName: fn, InvocationType: 'Event', Payload: Buffer.from(JSON.stringify(event)) }));
      return;
    }
    setImmediate(() => {
      runDemoDeployJob(event).catch((error: unknown) =>
        logger.error('demo deployment failed', { jobId, instanceId: at.instanceId, error: error instanceof Error ? error.message : String(error) }),
      );
    });
  },
};
