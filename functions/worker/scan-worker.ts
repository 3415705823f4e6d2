import type { ScanWorkerEvent } from '../adapters/jobs/scan-launcher';
import { scanDeps } from '../adapters/jobs/scan-deps';
import { runScan } from '../domain/scans/run-scan';
import { logger } from '../lib/logger';

// The scan worker (AWS): invoked asynchronously by POST /api/{dataset}/scan with the job to run.
// A job that is no longer queued (a retried invoke) is left alone by runScan.

export async function handler(event: ScanWorkerEvent): Promise<void> {
  const job = await runScan(scanDeps(), event.ref, event.scanId);
  logger.info('scan finished', { scanId: job.scanId, datasetId: job.datasetId, status: job.status, rows: job.rowsRead, failures: job.failures });
}
