import * as keys from '../dynamodb/keys';
import { aiRepository } from '../dynamodb/ai-repository';
import { readCounterCells } from '../dynamodb/issue-counters';
import { partitionQuery, queryAll } from '../dynamodb/query';
import { tenancyRepository } from '../dynamodb/tenancy-repository';
import { statusTotals } from '../../domain/issues/counters';
import type { DiagnosticsPorts } from '../../domain/qa/diagnostics';
import type { DatasetRef } from '../../domain/issues/issue-store';
import { preflightPorts } from './preflight-ports';

// The data behind the system diagnostics: a sample of datasets across organizations (taken in turn
// from each organization), their counters, a recount of their issue items and their ledger entries.

async function sampleDatasets(limit: number): Promise<DatasetRef[]> {
  const perOrg: DatasetRef[][] = [];
  for (const org of await tenancyRepository.listOrganizations()) {
    const refs: DatasetRef[] = [];
    for (const instance of await tenancyRepository.listInstances(org.id)) {
      for (const d of await tenancyRepository.listDatasets(org.id, instance.id)) refs.push({ organizationId: org.id, instanceId: instance.id, datasetId: d.id });
    }
    perOrg.push(refs);
  }
  const out: DatasetRef[] = [];
  for (let i = 0; out.length < limit && perOrg.some((refs) => refs.length > i); i++) {
    for (const refs of perOrg) if (refs[i] && out.length < limit) out.push(refs[i]!);
  }
  return out;
}

export function diagnosticsPorts(input: { email: string; host: string | undefined }): DiagnosticsPorts {
  // One read of an organization's ledger per run, whatever the number of its sampled datasets.
  const ledgers = new Map<string, ReturnType<typeof aiRepository.list>>();
  return {
    preflight: preflightPorts(input),
    sampleDatasets,
    counterTotals: async (ref) => statusTotals(await readCounterCells(ref.organizationId, ref.instanceId, ref.datasetId)),
    async tallyIssues(ref) {
      const prefix = keys.issuePrefix(ref.organizationId, ref.instanceId, ref.datasetId);
      const found = await queryAll({
        ...partitionQuery(prefix.pk, prefix.skPrefix),
        ProjectionExpression: 'issue_id, #status, ai_status, ai_job',
        ExpressionAttributeNames: { '#status': 'status' },
        ConsistentRead: true,
      });
      const counts = { open: 0, resolved: 0, muted: 0 };
      const suggested: Array<{ issueId: string; jobId: string }> = [];
      for (const item of found) {
        const status = item.status as keyof typeof counts;
        if (status in counts) counts[status]++;
        if (item.ai_status === 'ready' && typeof item.ai_job === 'string') suggested.push({ issueId: String(item.issue_id), jobId: item.ai_job });
      }
      return { counts, suggested };
    },
    async ledgerOf(ref) {
      if (!ledgers.has(ref.organizationId)) ledgers.set(ref.organizationId, aiRepository.list(ref.organizationId, {}));
      const entries = await ledgers.get(ref.organizationId)!;
      return entries.filter((e) => e.instanceId === ref.instanceId && e.datasetId === ref.datasetId).map((e) => ({ issueId: e.issueId, jobId: e.jobId }));
    },
  };
}
