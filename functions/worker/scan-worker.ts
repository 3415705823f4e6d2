import type { Context } from 'aws-lambda';
import { runDemoDeployJob, type DemoDeployEvent } from '../adapters/jobs/demo-deploy-launcher';
import { runScanJob, type ScanWorkerEvent } from '../adapters/jobs/scan-launcher';

// The scan worker (AWS): invoked asynchronously by POST /api/{dataset}/scan with the job to run,
// and by the demo deploy routes with a deploy job (which writes its datasets, then scans them).
// A job that is no longer queued (a retried invoke) is left alone by runScan; a deploy job skips
// what an earlier run of it wrote. The job's logs carry the correlation id of the request that
// started it.

export async function handler(event: ScanWorkerEvent | DemoDeployEvent, context?: Context): Promise<void> {
  if (event.kind === 'demo-deploy') await runDemoDeployJob(event, context);
  else await runScanJob(event, context);
}
