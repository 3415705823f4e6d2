import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { useScanProgress, useStartScan } from '../api/scan';

// Run scan with live progress (issue 4 §3, §7): the job answers at once; its progress is polled
// until it succeeds or fails.

export const SCAN_FAILED = 'Failed to run scan. Please try again.';

export function ScanPanel({
  instanceId,
  datasetId,
  scanId,
  onScanStarted,
}: {
  instanceId: string;
  datasetId: string;
  /** The scan being followed; kept by the parent so a remount (data refetched) keeps following it. */
  scanId: string | null;
  onScanStarted: (scanId: string) => void;
}) {
  const start = useStartScan(instanceId, datasetId);

  const setScanId = onScanStarted;
  const progress = useScanProgress(instanceId, datasetId, scanId);
  const scan = progress.data;
  const running = start.isPending || scan?.status === 'queued' || scan?.status === 'running';

  const run = async () => {
    try {
      const res = await start.mutateAsync();
      setScanId(res.scanId);
      toast.success(res.message);
    } catch (error) {
      toast.error(error instanceof ApiError && error.status < 500 ? (error.serverError ?? SCAN_FAILED) : SCAN_FAILED);
    }
  };

  const fraction = scan && scan.totalRows > 0 ? Math.min(1, scan.rowsRead / scan.totalRows) : 0;
  return (
    <section aria-labelledby="scan-heading" className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-3">
        <h3 id="scan-heading" className="text-base font-semibold">
          Scan
        </h3>
        <Button onClick={() => void run()} disabled={running}>
          {running ? 'Scanning…' : 'Run scan'}
        </Button>
      </div>
      {scan ? (
        <div className="flex flex-col gap-1 text-sm" aria-live="polite">
          {scan.status !== 'failed' ? <progress className="h-2 w-full accent-primary" max={1} value={scan.status === 'succeeded' ? 1 : fraction} aria-label="Scan progress" /> : null}
          {scan.status === 'succeeded' ? (
            <p>
              Scan complete: {scan.rowsRead.toLocaleString('en-US')} rows checked, {scan.failures.toLocaleString('en-US')} failing cells — {scan.newIssues} new, {scan.updatedIssues} found again, {scan.resolvedByScan} resolved by scan.
            </p>
          ) : scan.status === 'failed' ? (
            <p role="alert" className="text-danger">
              {scan.error ?? SCAN_FAILED}
            </p>
          ) : (
            <p className="text-muted-foreground">
              {scan.status === 'queued' ? 'Scan initiated…' : `Checking rows: ${scan.rowsRead.toLocaleString('en-US')} of ${scan.totalRows.toLocaleString('en-US')}`}
            </p>
          )}
        </div>
      ) : null}
    </section>
  );
}
