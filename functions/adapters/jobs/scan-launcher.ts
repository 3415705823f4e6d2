import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { getConfig } from '../../config';
import type { DatasetRef } from '../../domain/issues/issue-store';
import type { ScanLauncher } from '../../domain/scans/ports';
import { logger } from '../../lib/logger';
import { scanDeps } from './scan-deps';
import { runScan } from '../../domain/scans/run-scan';

// Starts a queued scan without holding the request: in AWS an asynchronous invoke of the scan
// worker (Lambda freezes a function once it has answered, so work cannot continue in-process);
// locally the job runs in this process after the answer, as the local stack is one process.

export interface ScanWorkerEvent {
  kind: 'scan';
  ref: DatasetRef;
  scanId: string;
}

let lambda: LambdaClient | undefined;

export const scanLauncher: ScanLauncher = {
  async launch(ref, scanId) {
    const fn = getConfig().scanWorkerFunction;
    if (fn) {
      lambda ??= new LambdaClient({ region: getConfig().region });
      const event: ScanWorkerEvent = { kind: 'scan', ref, scanId };
      await lambda.send(new InvokeCommand({ FunctionName: fn, InvocationType: 'Event', Payload: Buffer.from(JSON.stringify(event)) }));
      return;
    }
    setImmediate(() => {
      runScan(scanDeps(), ref, scanId).catch((error: unknown) =>
        logger.error('scan failed', { scanId, datasetId: ref.datasetId, error: error instanceof Error ? error.message : String(error) }),
      );
    });
  },
};
