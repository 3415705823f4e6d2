import { useState } from 'react';
import type { QaStepStatus, QaTestResult } from '../../../../../shared/schemas/qa-validation';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { cleanupQaTestData, runQaValidation, type QaValidationCall } from '../api/qa';

// QA validation (spec 2 §7.5): runs a test and shows its stored result step by step. The flow
// tests (they create and remove a temporary organization) are offered to super admins only.

const TONE: Record<QaStepStatus, string> = { passed: 'bg-success-soft text-success', warned: 'bg-warning-soft text-warning', failed: 'bg-danger-soft text-danger' };

function StatusBadge({ status }: { status: QaStepStatus }) {
  return <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${TONE[status]}`}>{status}</span>;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Unknown error');

export function QaValidationPanel({ superAdmin }: { superAdmin: boolean }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [result, setResult] = useState<QaTestResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirm, dialog] = useConfirm();
  const tests: Array<{ call: QaValidationCall; label: string }> = [
    ...(superAdmin ? [{ call: 'run-user-flow-tests' as const, label: 'Run user flow tests' }, { call: 'run-admin-flow-tests' as const, label: 'Run admin flow tests' }] : []),
    { call: 'test-data-integrity', label: 'Test data integrity' },
    { call: 'validate-ai-suggestions', label: 'Validate AI suggestions' },
    { call: 'generate-qa-report', label: 'Generate QA report' },
  ];
  async function run(call: QaValidationCall) {
    setBusy(call);
    setError(null);
    setNotice(null);
    try {
      setResult((await runQaValidation(call)).result);
    } catch (e) {
      setError(`Failed to run the test: ${messageOf(e)}`);
    } finally {
      setBusy(null);
    }
  }
  async function cleanup() {
    if (!(await confirm({ title: 'Clean up test data?', description: 'Stored test results of your organization are removed.', confirmLabel: 'Clean up', tone: 'danger' }))) return;
    setBusy('cleanup');
    setError(null);
    try {
      setNotice((await cleanupQaTestData()).message);
      setResult(null);
    } catch (e) {
      setError(`Failed to clean up test data: ${messageOf(e)}`);
    } finally {
      setBusy(null);
    }
  }
  return (
    <section aria-labelledby="qa-validation-title" className="flex flex-col gap-3 border-t border-border pt-4">
      <h3 id="qa-validation-title" className="text-sm font-semibold">Validation tests</h3>
      <div className="flex flex-wrap gap-2">
        {tests.map((t) => (
          <Button key={t.call} size="sm" variant="outline" onClick={() => void run(t.call)} disabled={busy !== null}>
            {busy === t.call ? <Spinner /> : null} {t.label}
          </Button>
        ))}
        <Button size="sm" variant="ghost" onClick={() => void cleanup()} disabled={busy !== null}>
          {busy === 'cleanup' ? <Spinner /> : null} Clean up test data
        </Button>
      </div>
      {error ? <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">{error}</p> : null}
      {notice ? <p role="status" className="rounded-lg bg-success-soft px-3 py-2 text-sm text-success">{notice}</p> : null}
      {result ? (
        <div data-testid="qa-validation-result" className="flex flex-col gap-2 rounded-lg border border-border p-3">
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium">{result.name}</span>
            <StatusBadge status={result.status} />
            <span className="text-muted-foreground">
              {result.summary.passed}/{result.summary.total} passed{result.summary.warned ? `, ${result.summary.warned} warned` : ''}{result.summary.failed ? `, ${result.summary.failed} failed` : ''} · {(result.duration_ms / 1000).toFixed(1)} s · result {result.id}
            </span>
          </p>
          <ol className="flex flex-col gap-1 text-sm">
            {result.steps.map((step, i) => (
              <li key={`${i}-${step.name}`} className="flex flex-wrap items-baseline gap-2">
                <StatusBadge status={step.status} />
                <span>{step.name}</span>
                {step.error ? <span className="text-danger">— {step.error}</span> : null}
                {!step.error && typeof step.details.reason === 'string' ? <span className="text-muted-foreground">— {step.details.reason}</span> : null}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      {dialog}
    </section>
  );
}
