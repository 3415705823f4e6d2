import type { Context } from 'aws-lambda';
import { getConfig } from '../../config';
import type { DatasetRef } from '../../domain/issues/issue-store';
import type { ScanLauncher } from '../../domain/scans/ports';
import { logger, withLogScope } from '../../lib/logger';
import { countMetric, MetricName } from '../../lib/metrics';
import { launchJob } from './launch-job';
import { scanDeps } from './scan-deps';
import { runScan } from '../../domain/scans/run-scan';

// Starts a queued scan without holding the request (launch-job.ts): the scan worker in AWS.

export interface ScanWorkerEvent {
  kind: 'scan';
  ref: DatasetRef;
  scanId: string;
  /** The correlation id of the request that started the scan (the job's logs carry it on). */
  correlationId?: string;
}

/** Runs one scan job with its correlation id on every log line, and counts the rows it read. */
export async function runScanJob(event: ScanWorkerEvent, context?: Context) {
  const correlationId = event.correlationId ?? `scan-${event.scanId}`;
  return withLogScope({ correlationId, ...(context ? { context } : {}) }, async () => {
    const job = await runScan(scanDeps(), event.ref, event.scanId);
    countMetric(MetricName.ScanRows, job.rowsRead ?? 0);
    logger.info('scan finished', { scanId: job.scanId, datasetId: job.datasetId, status: job.status, rows: job.rowsRead, failures: job.failures });
    return job;
  });
}

export const scanLauncher: ScanLauncher = {
  launch: (ref, scanId) =>
    launchJob(getConfig().scanWorkerFunction, { kind: 'scan', ref, scanId } satisfies ScanWorkerEvent, { message: 'scan failed', fields: { scanId, datasetId: ref.datasetId } }),
};
