import type { DiagnosticsResult, PreflightTest } from '../../../shared/schemas/qa';
import type { DatasetRef } from '../issues/issue-store';
import { PREFLIGHT_CHECKS, summarizeTests, type PreflightPorts } from './preflight';

// System diagnostics (POST /qa/superadmin/system-diagnostics): the infrastructure checks of the
// preflight, plus two checks of the data itself on a sample of datasets across organizations:
// the counters equal a recount of the issues, and the credit ledger matches the stored suggestions.

export interface IssueTally {
  counts: { open: number; resolved: number; muted: number };
  /** Issues whose AI suggestion is ready, with the job that produced it. */
  suggested: Array<{ issueId: string; jobId: string }>;
}

export interface DiagnosticsPorts {
  preflight: PreflightPorts;
  sampleDatasets(limit: number): Promise<DatasetRef[]>;
  counterTotals(ref: DatasetRef): Promise<{ open: number; resolved: number; muted: number }>;
  tallyIssues(ref: DatasetRef): Promise<IssueTally>;
  /** Ledger entries of a dataset: (issue, job) pairs. */
  ledgerOf(ref: DatasetRef): Promise<Array<{ issueId: string; jobId: string }>>;
}

export const DIAGNOSTICS_SAMPLE = 6;

const INFRA = ['table_and_indexes', 'sign_in_round_trip', 'queue', 'ai_provider'];

export async function runDiagnostics(ports: DiagnosticsPorts, now: () => Date = () => new Date()): Promise<DiagnosticsResult> {
  const tests: Record<string, PreflightTest> = {};
  for (const check of PREFLIGHT_CHECKS.filter((c) => INFRA.includes(c.key))) {
    try {
      tests[check.key] = { test: check.name, ...(await check.run(ports.preflight)) };
    } catch (error) {
      tests[check.key] = { test: check.name, status: 'failed', details: {}, warnings: [], error: error instanceof Error ? error.name : 'failed' };
    }
  }
  const sample = await ports.sampleDatasets(DIAGNOSTICS_SAMPLE);
  const counterMismatches: Array<Record<string, unknown>> = [];
  const ledgerMismatches: Array<Record<string, unknown>> = [];
  let ledgerEntries = 0;
  for (const ref of sample) {
    const [totals, tally, ledger] = await Promise.all([ports.counterTotals(ref), ports.tallyIssues(ref), ports.ledgerOf(ref)]);
    if (totals.open !== tally.counts.open || totals.resolved !== tally.counts.resolved || totals.muted !== tally.counts.muted) {
      counterMismatches.push({ ...ref, counters: totals, recount: tally.counts });
    }
    ledgerEntries += ledger.length;
    const charged = new Set(ledger.map((e) => `${e.issueId}#${e.jobId}`));
    const uncharged = tally.suggested.filter((s) => !charged.has(`${s.issueId}#${s.jobId}`)).map((s) => s.issueId);
    // An entry whose issue is gone was cleared by a reset (the ledger is a billing record and stays).
    if (uncharged.length) ledgerMismatches.push({ ...ref, suggestionsWithoutCredit: uncharged.slice(0, 10) });
  }
  const sampleDetails = sample.map((r) => `${r.organizationId}/${r.instanceId}/${r.datasetId}`);
  tests.counters_recount = counterMismatches.length
    ? { test: 'Counters equal a recount', status: 'failed', details: { sample: sampleDetails, mismatches: counterMismatches }, warnings: [], error: `${counterMismatches.length} dataset(s) whose counters differ from their issues`, recommendation: 'Reset the affected datasets (Settings → Datasets → Reset Data) and report the mismatch.' }
    : { test: 'Counters equal a recount', status: sample.length ? 'passed' : 'warned', details: { sample: sampleDetails }, warnings: sample.length ? [] : ['No datasets to sample'] };
  tests.ledger_vs_suggestions = ledgerMismatches.length
    ? { test: 'Credit ledger equals suggestions', status: 'failed', details: { sample: sampleDetails, mismatches: ledgerMismatches }, warnings: [], error: `${ledgerMismatches.length} dataset(s) with suggestions that no credit paid for`, recommendation: 'Look at the suggestions worker’s transaction: a suggestion and its credit are written together.' }
    : { test: 'Credit ledger equals suggestions', status: sample.length ? 'passed' : 'warned', details: { sample: sampleDetails, ledgerEntries }, warnings: sample.length ? [] : ['No datasets to sample'] };
  const { overall_status, summary } = summarizeTests(tests);
  return { success: true, timestamp: now().toISOString(), overall_status, summary: { passed: summary.passed, total_tests: summary.total, failed: summary.failed }, tests };
}
