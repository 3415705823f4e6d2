import { Cable, CheckCircle2, RefreshCw, Server, ShieldCheck, Unplug, X, XCircle } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import { AGENT_API_KEY_MIN, AGENT_MESSAGES, type AgentTestResponse } from '../../../../../shared/schemas/agent';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useInstances } from '../../../lib/instances';
import { useCurrentUser } from '../../../lib/session';
import { useAgentConfig, useAgentStatus, useConfigureAgent, useDisconnectAgent, useSyncAgent, useTestAgent } from '../api/agent';

// Settings → Soda Agent (spec 2 §2.3 Agent connector; issue 14 §6): Connection Status, the
// configure form and Connection Test Results, with the spec's messages in a dismissible Error panel.

interface ErrorNotice {
  title: string;
  message: string;
  details?: string;
}

function messageOf(error: unknown): { message: string; details?: string } {
  if (error instanceof ApiError) {
    const details = typeof error.details === 'string' ? error.details : Array.isArray(error.details) ? error.details.map((d: { field?: string; message?: string }) => `${d.field ?? ''} ${d.message ?? ''}`.trim()).join('; ') : undefined;
    return { message: error.serverError ?? error.message, ...(details ? { details } : {}) };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

function ErrorPanel({ notice, onDismiss }: { notice: ErrorNotice; onDismiss: () => void }) {
  return (
    <div role="alert" className="flex items-start gap-3 rounded-xl border border-danger/40 bg-danger-soft p-4 text-sm">
      <XCircle className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden />
      <div className="flex-1">
        <p className="font-semibold text-danger">{notice.title}</p>
        <p className="mt-1 text-foreground">{notice.message}</p>
        {notice.details ? <p className="mt-1 font-mono text-xs text-muted-foreground">{notice.details}</p> : null}
      </div>
      <button type="button" onClick={onDismiss} className="rounded-md p-1 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring">
        <X className="size-4" aria-hidden />
        <span className="sr-only">Dismiss</span>
      </button>
    </div>
  );
}

export function SodaAgentTab() {
  const { currentInstance } = useInstances();
  const user = useCurrentUser();
  if (!currentInstance) {
    return (
      <EmptyState icon={Server} title="No Instance Selected">
        Select an instance from the switcher in the top navigation: the agent&apos;s datasets appear in it.
      </EmptyState>
    );
  }
  return <SodaAgentSettings orgId={user.organization_id} instanceId={currentInstance.id} instanceName={currentInstance.name} />;
}

function SodaAgentSettings({ orgId, instanceId, instanceName }: { orgId: string; instanceId: string; instanceName: string }) {
  const config = useAgentConfig(orgId);
  const status = useAgentStatus(orgId);
  const test = useTestAgent(orgId);
  const configure = useConfigureAgent(orgId);
  const sync = useSyncAgent(orgId);
  const disconnect = useDisconnectAgent(orgId);
  const [endpoint, setEndpoint] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [diagnosticsSchema, setDiagnosticsSchema] = useState('');
  const [byokEnabled, setByokEnabled] = useState(false);
  const [testResult, setTestResult] = useState<AgentTestResponse | null>(null);
  const [notice, setNotice] = useState<ErrorNotice | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);

  const current = config.data?.config;
  const filled = endpoint.trim() !== '' && apiKey !== '';
  const busy = test.isPending || configure.isPending;
  const endpointHint = endpoint.trim() !== '' && !/^https:\/\//i.test(endpoint.trim()) ? 'The endpoint must use HTTPS (https://…).' : null;

  const runTest = async () => {
    setNotice(null);
    setSuccess(null);
    try {
      const result = await test.mutateAsync({ sodaAgentEndpoint: endpoint.trim(), apiKey });
      setTestResult(result);
      if (!result.success) setNotice({ title: AGENT_MESSAGES.connectionFailed, message: result.error ?? result.message, ...(result.details ? { details: result.details } : {}) });
    } catch (error) {
      setTestResult(null);
      setNotice({ title: AGENT_MESSAGES.testFailed, ...messageOf(error) });
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    setSuccess(null);
    try {
      const result = await configure.mutateAsync({ sodaAgentEndpoint: endpoint.trim(), apiKey, instanceId, byokEnabled, ...(diagnosticsSchema.trim() ? { diagnosticsSchema: diagnosticsSchema.trim() } : {}) });
      setApiKey('');
      setSuccess(`${result.message}. Its result appears under Last sync.`);
    } catch (error) {
      setNotice({ title: AGENT_MESSAGES.configureFailed, ...messageOf(error) });
    }
  };

  const syncNow = async () => {
    setNotice(null);
    setSuccess(null);
    try {
      const result = await sync.mutateAsync();
      setSuccess(`${result.message}.`);
    } catch (error) {
      setNotice({ title: AGENT_MESSAGES.connectionFailed, ...messageOf(error) });
    }
  };

  const runDisconnect = async () => {
    setNotice(null);
    setSuccess(null);
    try {
      await disconnect.mutateAsync();
      setTestResult(null);
      setSuccess('Soda Agent disconnected. The instance shows its own datasets again.');
    } catch (error) {
      setNotice({ title: AGENT_MESSAGES.disconnectFailed, ...messageOf(error) });
    }
    setConfirmOpen(false);
  };

  const s = status.data;
  return (
    <div className="flex flex-col gap-6">
      {notice ? <ErrorPanel notice={notice} onDismiss={() => setNotice(null)} /> : null}
      {success ? (
        <p role="status" className="flex items-center gap-2 rounded-xl border border-success/40 bg-success-soft p-3 text-sm">
          <CheckCircle2 className="size-4 text-success" aria-hidden />
          {success}
        </p>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>Connection Status</CardTitle>
          <CardDescription>The agent runs your checks inside your network; only failed rows reach Quality Desk.</CardDescription>
        </CardHeader>
        <CardContent>
          {status.isPending || config.isPending ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
              <Spinner /> Loading the agent connection…
            </p>
          ) : status.isError || !s || !current ? (
            <p className="text-sm text-danger">Failed to load the agent connection.</p>
          ) : (
            <div className="flex flex-col gap-4">
              <div className="flex flex-wrap items-center gap-3">
                <Badge tone={s.status.connected ? 'success' : current.configured ? 'danger' : 'neutral'}>{s.status.connected ? 'Connected' : current.configured ? 'Not connected' : 'Not configured'}</Badge>
                <span className="text-sm">{s.status.message}</span>
              </div>
              <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
                <div>
                  <dt className="text-muted-foreground">Endpoint</dt>
                  <dd className="font-mono text-xs break-all">{s.status.endpoint ?? '—'}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">API key</dt>
                  <dd className="font-mono text-xs">{current.apiKeyHint ?? '—'}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Encryption</dt>
                  <dd className="flex items-center gap-1">
                    <ShieldCheck className="size-4 text-success" aria-hidden />
                    {current.encryption.algorithm}
                    {current.encryption.keyProvider ? `, key ${current.encryption.keyProvider === 'aws-kms' ? (current.byokEnabled ? 'yours (BYOK, KMS)' : 'KMS stage key') : 'local key file'}` : ''}
                  </dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Capabilities</dt>
                  <dd>
                    Audit logging {s.capabilities.auditLogging ? 'yes' : 'no'} · BYOK {s.capabilities.byokSupported ? 'yes' : 'no'} · Sharding {s.capabilities.shardingSupported ? 'yes' : 'no'}
                  </dd>
                </div>
                <div className="sm:col-span-2">
                  <dt className="text-muted-foreground">Last sync</dt>
                  <dd data-testid="agent-last-sync" data-state={s.syncing ? 'syncing' : 'idle'}>
                    {s.syncing ? (
                      <span className="flex items-center gap-2">
                        <Spinner />
                        Syncing since {new Date(s.syncing.since).toLocaleTimeString()}…
                      </span>
                    ) : s.lastSync ? (
                      `${new Date(s.lastSync.at).toLocaleString()}: ${syncLine(s.lastSync)}`
                    ) : (
                      'Never'
                    )}
                  </dd>
                </div>
              </dl>
              {current.configured && current.connected ? (
                <div className="flex flex-wrap gap-2">
                  <Button variant="outline" onClick={syncNow} disabled={sync.isPending || s.syncing != null}>
                    {sync.isPending || s.syncing ? <Spinner /> : <RefreshCw className="size-4" aria-hidden />}
                    Sync now
                  </Button>
                  <Button variant="outline" onClick={() => setConfirmOpen(true)} disabled={disconnect.isPending}>
                    <Unplug className="size-4" aria-hidden />
                    Disconnect
                  </Button>
                </div>
              ) : null}
            </div>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{current?.configured ? 'Reconfigure the agent' : 'Configure the agent'}</CardTitle>
          <CardDescription>
            Its datasets appear in <strong>{instanceName}</strong>. The API key is stored encrypted and never shown again.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
            <Field
              label="Agent endpoint"
              type="url"
              inputMode="url"
              placeholder={current?.sodaAgentEndpoint ?? 'https://agent.example.com:8443'}
              value={endpoint}
              onChange={(e) => setEndpoint(e.target.value)}
              hint="An HTTPS URL (https://…) reachable from Quality Desk."
              error={endpointHint}
              maxLength={2048}
              autoComplete="off"
            />
            <Field
              label="API key"
              type="password"
              placeholder={current?.apiKeyHint ? `Stored: ${current.apiKeyHint}` : `At least ${AGENT_API_KEY_MIN} characters`}
              value={apiKey}
              onChange={(e) => setApiKey(e.target.value)}
              hint={`At least ${AGENT_API_KEY_MIN} characters.`}
              error={apiKey !== '' && apiKey.length < AGENT_API_KEY_MIN ? `The API key must be at least ${AGENT_API_KEY_MIN} characters.` : null}
              maxLength={512}
              autoComplete="off"
            />
            <Field
              label="Diagnostics schema (optional)"
              placeholder={current?.diagnosticsSchema}
              value={diagnosticsSchema}
              onChange={(e) => setDiagnosticsSchema(e.target.value)}
              hint="Defaults to a name derived from your organization."
              maxLength={63}
            />
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={byokEnabled} onChange={(e) => setByokEnabled(e.target.checked)} className="size-4" />
              Seal the key with our organization&apos;s own KMS key (BYOK)
            </label>
            <div className="flex flex-wrap gap-2">
              <Button type="button" variant="outline" onClick={runTest} disabled={!filled || busy}>
                {test.isPending ? <Spinner /> : <Cable className="size-4" aria-hidden />}
                Test Connection
              </Button>
              <Button type="submit" disabled={!filled || busy}>
                {configure.isPending ? <Spinner /> : null}
                Configure
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>

      {testResult?.success ? (
        <Card>
          <CardHeader>
            <CardTitle>Connection Test Results</CardTitle>
            <CardDescription>{testResult.message}</CardDescription>
          </CardHeader>
          <CardContent>
            {testResult.availableDatasets.length === 0 ? (
              <p className="text-sm text-muted-foreground">The agent serves no datasets yet.</p>
            ) : (
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Available datasets</caption>
                <thead className="text-xs text-muted-foreground">
                  <tr>
                    <th className="py-2 pr-4">Dataset</th>
                    <th className="pr-4">Id</th>
                    <th className="pr-4 text-right">Records checked</th>
                    <th className="pr-4 text-right">Failed rows</th>
                    <th>Last run</th>
                  </tr>
                </thead>
                <tbody>
                  {testResult.availableDatasets.map((d) => (
                    <tr key={d.id} className="border-t">
                      <td className="py-2 pr-4 font-medium">{d.name}</td>
                      <td className="pr-4 font-mono text-xs">{d.id}</td>
                      <td className="pr-4 text-right tabular-nums">{d.totalRecords.toLocaleString()}</td>
                      <td className="pr-4 text-right tabular-nums">{d.failedRows.toLocaleString()}</td>
                      <td>{d.lastRunAt ? new Date(d.lastRunAt).toLocaleString() : '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </CardContent>
        </Card>
      ) : null}

      <AlertDialog.Root open={confirmOpen} onOpenChange={setConfirmOpen}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
          <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border bg-card p-6 text-card-foreground shadow-2xl outline-none">
            <AlertDialog.Title className="text-lg font-semibold">Disconnect the Soda Agent?</AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-sm text-muted-foreground">
              {AGENT_MESSAGES.revertConfirm}: the agent&apos;s datasets leave {instanceName}, which shows its uploaded or demo datasets again. Triage work is kept for a reconnect.
            </AlertDialog.Description>
            <div className="mt-6 flex justify-end gap-2">
              <AlertDialog.Cancel asChild>
                <Button variant="outline">Cancel</Button>
              </AlertDialog.Cancel>
              <Button variant="danger" onClick={runDisconnect} disabled={disconnect.isPending}>
                {disconnect.isPending ? <Spinner /> : null}
                Disconnect
              </Button>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </div>
  );
}

function syncLine(sync: { status: string; datasets: Array<{ name: string; failedRows: number; newIssues: number; resolvedBySync: number; error?: string }>; error?: string }): string {
  if (sync.error) return `Sync failed: ${sync.error}`;
  const parts = sync.datasets.map((d) => (d.error ? `${d.name}: ${d.error}` : `${d.name}: ${d.failedRows.toLocaleString()} failed rows (${d.newIssues.toLocaleString()} new, ${d.resolvedBySync.toLocaleString()} resolved by the agent)`));
  return parts.length > 0 ? parts.join('; ') : 'The agent serves no datasets.';
}
