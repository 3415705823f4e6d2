import type { Context } from 'aws-lambda';
import { runScanJob, type ScanWorkerEvent } from '../adapters/jobs/scan-launcher';

// The scan worker (AWS): invoked asynchronously by POST /api/{dataset}/scan with the job to run.
// A job that is no longer queued (a retried invoke) is left alone by runScan. The job's logs carry
// the correlation id of the request that started it.

export async function handler(event: ScanWorkerEvent, context?: Context): Promise<void> {
  await runScanJob(event, context);
}
