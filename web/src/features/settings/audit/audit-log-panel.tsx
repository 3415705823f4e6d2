import { Download, ScrollText } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useCurrentUser } from '../../../lib/session';
import { formatDateTime } from '../../../utils/format';
import { useAuditLog, useExportAudit, type AuditEntryView } from './audit-log-api';

// The audit log of an organization's administrative actions (issue 11 §6): who, when, what, on
// what, before → after. A self-contained panel the System & Security tab mounts.

/** A value of an entry's before/after, short: `role: user`, several joined by commas. */
export function describeChange(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value !== 'object') return String(value);
  const parts = Object.entries(value as Record<string, unknown>).map(([key, v]) => `${key}: ${v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v)}`);
  return parts.length ? parts.join(', ') : '—';
}

function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function Row({ entry }: { entry: AuditEntryView }) {
  return (
    <tr className="border-t border-border align-top">
      <td className="py-2 pr-3 whitespace-nowrap text-muted-foreground tabular-nums">{formatDateTime(entry.at)}</td>
      <td className="py-2 pr-3 break-all">{entry.actor}</td>
      <td className="py-2 pr-3 font-mono text-xs whitespace-nowrap">{entry.action}</td>
      <td className="py-2 pr-3 break-all">{entry.target}</td>
      <td className="py-2 text-xs break-words text-muted-foreground">
        {describeChange(entry.before)} → <span className="text-foreground">{describeChange(entry.after)}</span>
      </td>
    </tr>
  );
}

export function AuditLogPanel({ organizationId }: { organizationId: string }) {
  const log = useAuditLog(organizationId);
  const exportCsv = useExportAudit(organizationId);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];

  const download = async () => {
    try {
      const file = await exportCsv.mutateAsync();
      saveFile(file.blob, file.filename ?? `audit-${organizationId}.csv`);
      toast.success(`Downloaded ${file.filename ?? 'the audit log'}`);
    } catch (error) {
      toast.error(`Failed to export the audit log: ${error instanceof Error ? error.message : 'Unknown error'}`);
    }
  };

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle className="flex items-center gap-2">
            <ScrollText className="size-4 text-primary" aria-hidden />
            Audit Log
          </CardTitle>
          <CardDescription>Administrative actions in your organization, newest first.</CardDescription>
        </div>
        <Button size="sm" variant="outline" onClick={() => void download()} disabled={exportCsv.isPending || entries.length === 0}>
          {exportCsv.isPending ? <Spinner /> : <Download className="size-4" aria-hidden />}
          Export CSV
        </Button>
      </CardHeader>
      <CardContent>
        {log.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <Spinner /> Loading audit log…
          </p>
        ) : log.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-danger">
            Failed to load the audit log: {log.error.message}
            <Button size="sm" variant="outline" onClick={() => void log.refetch()}>
              Try again
            </Button>
          </div>
        ) : entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">No administrative actions recorded yet.</p>
        ) : (
          <div className="flex flex-col gap-3">
            <div className="overflow-x-auto">
              <table className="w-full min-w-[40rem] text-left text-sm">
                <caption className="sr-only">Audit log entries</caption>
                <thead className="text-xs text-muted-foreground">
                  <tr>
                    <th scope="col" className="py-1 pr-3 font-medium">When</th>
                    <th scope="col" className="py-1 pr-3 font-medium">Who</th>
                    <th scope="col" className="py-1 pr-3 font-medium">Action</th>
                    <th scope="col" className="py-1 pr-3 font-medium">Target</th>
                    <th scope="col" className="py-1 font-medium">Before → after</th>
                  </tr>
                </thead>
                <tbody>
                  {entries.map((entry) => (
                    <Row key={entry.id} entry={entry} />
                  ))}
                </tbody>
              </table>
            </div>
            {log.hasNextPage ? (
              <Button size="sm" variant="outline" className="self-start" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
                {log.isFetchingNextPage ? <Spinner /> : null}
                Load older entries
              </Button>
            ) : null}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** The signed-in administrator's organization's audit log (mounted by the System & Security tab). */
export function AuditLogSection() {
  const user = useCurrentUser();
  return <AuditLogPanel organizationId={user.organization_id} />;
}
