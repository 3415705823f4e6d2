import type { Context } from 'aws-lambda';
import { getConfig } from '../../config';
import { runDemoDeployment, type DemoDeps, type DeployLauncher } from '../../domain/demo/deploy-demo';
import { logger, withLogScope } from '../../lib/logger';
import { demoRepository } from '../dynamodb/demo-repository';
import { launchJob } from './launch-job';
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

export const demoDeployLauncher: DeployLauncher = {
  launchDeploy: (at, jobId) =>
    launchJob(getConfig().scanWorkerFunction, { kind: 'demo-deploy', ...at, jobId } satisfies DemoDeployEvent, {
      message: 'demo deployment failed',
      fields: { jobId, instanceId: at.instanceId },
    }),
};
