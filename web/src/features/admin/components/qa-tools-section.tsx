import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useInstances } from '../../../lib/instances';
import { useCurrentUser } from '../../../lib/session';
import { isSuperAdminRole } from '../../../../../shared/roles';
import { QaValidationPanel } from './qa-validation-panel';
import { clearCache, getPerformance, refreshMockData, resetInstance, runDiagnostics, superAdminToolsQueryOptions, useQaStatus } from '../api/qa';

// QA tools (spec 2 §6, §8): shown only when QA mode is on. Super admin tools (diagnostics,
// performance) when the tools call succeeds, otherwise the organization admin's tools (reset
// instance, refresh mock data, clear cache), each answering with the server's message.

type Outcome = { tone: 'success' | 'error'; text: string } | null;

function OutcomeLine({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return (
    <p role={outcome.tone === 'error' ? 'alert' : 'status'} data-testid="qa-outcome" className={`rounded-lg px-3 py-2 text-sm ${outcome.tone === 'success' ? 'bg-success-soft text-success' : 'bg-danger-soft text-danger'}`}>
      {outcome.text}
    </p>
  );
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Unknown error');

function SuperAdminTools() {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [perf, setPerf] = useState<Awaited<ReturnType<typeof getPerformance>> | null>(null);
  async function diagnostics() {
    setBusy('diagnostics');
    try {
      const r = await runDiagnostics();
      const failed = Object.values(r.tests).filter((t) => t.status === 'failed');
      setOutcome({ tone: r.overall_status === 'passed' ? 'success' : 'error', text: `Diagnostics ${r.overall_status}: ${r.summary.passed}/${r.summary.total_tests} passed${failed.length ? ` — ${failed.map((t) => `${t.test}: ${t.error}`).join('; ')}` : ''}` });
    } catch (error) {
      setOutcome({ tone: 'error', text: `Failed to run diagnostics: ${messageOf(error)}` });
    } finally {
      setBusy(null);
    }
  }
  async function performance() {
    setBusy('performance');
    try {
      setPerf(await getPerformance());
    } catch (error) {
      setOutcome({ tone: 'error', text: `Failed to load performance metrics: ${messageOf(error)}` });
    } finally {
      setBusy(null);
    }
  }
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => void diagnostics()} disabled={busy !== null}>{busy === 'diagnostics' ? <Spinner /> : null} Run system diagnostics</Button>
        <Button size="sm" variant="outline" onClick={() => void performance()} disabled={busy !== null}>{busy === 'performance' ? <Spinner /> : null} Performance metrics</Button>
      </div>
      <OutcomeLine outcome={outcome} />
      {perf ? (
        <table className="w-full text-left text-sm">
          <caption className="text-left text-muted-foreground">Latency (ms) over the last {perf.window} requests per route</caption>
          <thead><tr><th className="py-1">Route</th><th>Requests</th><th>p50</th><th>p95</th></tr></thead>
          <tbody>
            {perf.routes.slice(0, 10).map((r) => (
              <tr key={r.route} className="border-t border-border"><td className="py-1 font-mono text-xs">{r.route}</td><td className="tabular-nums">{r.count}</td><td className="tabular-nums">{r.p50}</td><td className="tabular-nums">{r.p95}</td></tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

function OrganizationTools() {
  const user = useCurrentUser();
  const { currentInstance } = useInstances();
  const client = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirm, confirmDialog] = useConfirm();
  async function act(name: string, failure: string, run: () => Promise<{ message: string }>, after?: () => void) {
    setBusy(name);
    try {
      const r = await run();
      setOutcome({ tone: 'success', text: r.message });
      after?.();
    } catch (error) {
      setOutcome({ tone: 'error', text: `${failure}: ${messageOf(error)}` });
    } finally {
      setBusy(null);
    }
  }
  const orgId = currentInstance?.organization_id ?? user.organization_id;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="danger"
          disabled={busy !== null || !currentInstance}
          onClick={async () => {
            if (!currentInstance) return;
            const agreed = await confirm({
              title: `Reset the data of ${currentInstance.name}?`,
              description: 'All resolutions and comments will be lost. The rows go back to their scanned state.',
              confirmLabel: 'Reset instance data',
            });
            if (!agreed) return;
            void act('reset', 'Failed to reset instance data', () => resetInstance(orgId, currentInstance.id), () => void client.invalidateQueries());
          }}
        >
          Reset instance data
        </Button>
        <Button size="sm" variant="outline" disabled={busy !== null} onClick={() => void act('refresh', 'Failed to refresh mock data', () => refreshMockData(orgId), () => void client.invalidateQueries())}>Refresh mock data</Button>
        <Button size="sm" variant="outline" disabled={busy !== null} onClick={() => void act('cache', 'Failed to clear cache', () => clearCache(orgId), () => void client.invalidateQueries())}>Clear cache</Button>
      </div>
      <OutcomeLine outcome={outcome} />
      {confirmDialog}
    </div>
  );
}

export function QaToolsSection() {
  const status = useQaStatus();
  const user = useCurrentUser();
  const enabled = status.data?.enabled === true;
  // Only a super admin may list the super admin tools (the server decides from the same role): an
  // organization admin's page asked anyway, and every visit logged a 403 in the console.
  const tools = useQuery(superAdminToolsQueryOptions(enabled && isSuperAdminRole(user.role)));
  if (status.isPending || !enabled) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>QA tools</CardTitle>
        <CardDescription>QA mode is on for this server.</CardDescription>
      </CardHeader>
      <CardContent>
        {tools.isLoading ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status"><Spinner /> Loading QA tools…</p>
        ) : tools.isError ? (
          <p role="alert" className="text-sm text-danger">Error loading QA tools</p>
        ) : (
          <div className="flex flex-col gap-4">
            {tools.data ? <SuperAdminTools /> : <OrganizationTools />}
            <QaValidationPanel superAdmin={Boolean(tools.data)} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
