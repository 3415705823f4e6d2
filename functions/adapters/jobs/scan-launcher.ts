import type { Context } from 'aws-lambda';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { getConfig } from '../../config';
import type { DatasetRef } from '../../domain/issues/issue-store';
import type { ScanLauncher } from '../../domain/scans/ports';
import { currentCorrelationId, logger, withLogScope } from '../../lib/logger';
import { countMetric, MetricName } from '../../lib/metrics';
import { scanDeps } from './scan-deps';
import { runScan } from '../../domain/scans/run-scan';

// Starts a queued scan without holding the request: in AWS an asynchronous invoke of the scan
// worker (Lambda freezes a function once it has answered, so work cannot continue in-process);
// locally the job runs in this process after the answer, as the local stack is one process.

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

let lambda: LambdaClient | undefined;

export const scanLauncher: ScanLauncher = {
  async launch(ref, scanId) {
    const fn = getConfig().scanWorkerFunction;
    const correlationId = currentCorrelationId();
    const event: ScanWorkerEvent = { kind: 'scan', ref, scanId, ...(correlationId ? { correlationId } : {}) };
    if (fn) {
      lambda ??= new LambdaClient({ region: getConfig().region });
      await lambda.send(new InvokeCommand({ FunctionName: fn, InvocationType: 'Event', Payload: Buffer.from(JSON.stringify(event)) }));
      return;
    }
    setImmediate(() => {
      runScanJob(event).catch((error: unknown) =>
        logger.error('scan failed', { scanId, datasetId: ref.datasetId, error: error instanceof Error ? error.message : String(error) }),
      );
    });
  },
};
