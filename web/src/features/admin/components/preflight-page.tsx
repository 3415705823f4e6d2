import { useMutation } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, ChevronDown, FlaskConical, HelpCircle, XCircle } from 'lucide-react';
import type { PreflightResult, PreflightTest } from '../../../../../shared/schemas/qa';
import { PageHeader } from '../../../components/page-header';
import { PageTitle } from '../../../components/page-title';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { runPreflight, useQaStatus } from '../api/qa';

// The preflight page (spec 2 §2.8, §4 Preflight statuses, §8): QA mode first; then Run Tests,
// summary cards, overall status, one card per test and the recommendations.

const STATUS: Record<string, { tone: BadgeTone; label: string; icon: typeof CheckCircle2 }> = {
  passed: { tone: 'success', label: 'passed', icon: CheckCircle2 },
  failed: { tone: 'danger', label: 'failed', icon: XCircle },
  warned: { tone: 'warning', label: 'warned', icon: AlertTriangle },
};
const statusOf = (s: string) => STATUS[s] ?? { tone: 'neutral' as const, label: 'unknown', icon: HelpCircle };

function TestCard({ id, test }: { id: string; test: PreflightTest }) {
  const s = statusOf(test.status);
  return (
    <li className="rounded-lg border border-border p-4" data-testid={`preflight-${id}`}>
      <div className="flex items-center justify-between gap-2">
        <p className="flex items-center gap-2 font-medium"><s.icon className="size-4" aria-hidden /> {test.test}</p>
        <Badge tone={s.tone}>{s.label}</Badge>
      </div>
      {test.error ? <p className="mt-2 text-sm text-danger">{test.error}</p> : null}
      {test.warnings.length ? (
        <ul className="mt-2 list-disc pl-5 text-sm text-warning">{test.warnings.map((w) => <li key={w}>{w}</li>)}</ul>
      ) : null}
      {test.recommendation ? <p className="mt-2 text-sm">Recommendation: {test.recommendation}</p> : null}
      <details className="mt-2 text-sm">
        <summary className="flex cursor-pointer items-center gap-1 text-muted-foreground"><ChevronDown className="size-3" aria-hidden /> Details</summary>
        <pre className="mt-2 overflow-x-auto rounded bg-muted p-2 text-xs">{JSON.stringify(test.details, null, 2)}</pre>
      </details>
    </li>
  );
}

function Recommendations({ result }: { result: PreflightResult }) {
  const tests = Object.values(result.preflight_tests);
  if (result.summary.failed > 0) {
    return (
      <div role="alert" className="rounded-lg bg-danger-soft p-4 text-sm text-danger">
        <p className="font-medium">Critical issues: fix these before showing this deployment to a customer.</p>
        <ul className="mt-1 list-disc pl-5">{tests.filter((t) => t.status === 'failed').map((t) => <li key={t.test}>{t.test}: {t.recommendation ?? t.error}</li>)}</ul>
      </div>
    );
  }
  if (result.summary.warnings > 0) {
    return (
      <div className="rounded-lg bg-warning-soft p-4 text-sm text-warning">
        <p className="font-medium">Minor issues: the deployment works, but look at these.</p>
        <ul className="mt-1 list-disc pl-5">{tests.filter((t) => t.status === 'warned').map((t) => <li key={t.test}>{t.test}: {t.recommendation ?? t.warnings.join('; ')}</li>)}</ul>
      </div>
    );
  }
  return <p className="rounded-lg bg-success-soft p-4 text-sm font-medium text-success" data-testid="preflight-all-passed">All tests passed: this deployment is ready.</p>;
}

export function PreflightPage() {
  const qa = useQaStatus();
  const run = useMutation({ mutationFn: runPreflight });
  const result = run.data;
  return (
    <>
      <PageTitle title="Preflight tests" />
      <PageHeader
        title="Preflight tests"
        description="Checks that this deployment is healthy before a customer sees it."
        actions={qa.data?.enabled ? <Button onClick={() => run.mutate()} disabled={run.isPending}>{run.isPending ? <Spinner /> : <FlaskConical className="size-4" aria-hidden />} Run Tests</Button> : undefined}
      />
      {qa.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status"><Spinner /> Checking QA mode…</p>
      ) : qa.isError ? (
        <p role="alert" className="text-sm text-danger">Failed to check QA mode status</p>
      ) : !qa.data.enabled ? (
        <EmptyState icon={FlaskConical} title="QA Mode Not Enabled">
          <ol className="mt-2 list-decimal pl-5 text-left">
            <li>Enable QA mode on the backend: set <code>QA_MODE=true</code> (or deploy with <code>-c qaMode=true</code>).</li>
            <li>The web app follows the server: no frontend flag is needed once the API answers <code>/qa/status</code>.</li>
            <li>Restart the server (or redeploy), then reload this page.</li>
          </ol>
        </EmptyState>
      ) : (
        <div className="flex flex-col gap-6">
          {run.isError ? <p role="alert" className="text-sm text-danger">{run.error instanceof ApiError && run.error.serverError ? run.error.serverError : 'Failed to run preflight tests'}</p> : null}
          {!result && !run.isPending ? <p className="text-sm text-muted-foreground">Run the tests to check the API, sign-in, table, queue, AI provider, web assets and security settings.</p> : null}
          {result ? (
            <>
              <div className="grid gap-4 sm:grid-cols-4" data-testid="preflight-summary">
                {([['Total', result.summary.total], ['Passed', result.summary.passed], ['Failed', result.summary.failed], ['Warnings', result.summary.warnings]] as const).map(([label, n]) => (
                  <Card key={label} className="p-5"><p className="text-sm text-muted-foreground">{label}</p><p className="text-2xl font-semibold tabular-nums">{n}</p></Card>
                ))}
              </div>
              <Card>
                <CardHeader>
                  <CardTitle className="flex items-center gap-2">Overall status <Badge tone={result.overall_status === 'passed' ? 'success' : 'danger'} data-testid="preflight-overall">{result.overall_status}</Badge></CardTitle>
                  <CardDescription>Run at {new Date(result.timestamp).toLocaleString()}</CardDescription>
                </CardHeader>
                <CardContent className="flex flex-col gap-4">
                  <Recommendations result={result} />
                  <ul className="grid gap-3 md:grid-cols-2">{Object.entries(result.preflight_tests).map(([id, t]) => <TestCard key={id} id={id} test={t} />)}</ul>
                </CardContent>
              </Card>
            </>
          ) : null}
        </div>
      )}
    </>
  );
}
