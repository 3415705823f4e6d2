import type { DatasetsResponse } from '../../../shared/schemas/session';
import { tenancyRepository } from '../../adapters/dynamodb/tenancy-repository';
import { defineRoute, requireInstance } from '../define-route';

export const handler = defineRoute({}, async (input) => {
  const instance = requireInstance(input);
  const datasets = await tenancyRepository.listDatasets(instance.organizationId, instance.id);
  const body: DatasetsResponse = {
    success: true,
    datasets: datasets
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((d) => ({
        id: d.id,
        name: d.name,
        onboardingStatus: d.onboardingStatus,
        recordKey: d.recordKey,
        totalRecords: d.totalRecords,
        totalFailedRows: d.counts.open + d.counts.resolved + d.counts.muted,
        openIssues: d.counts.open,
        resolvedIssues: d.counts.resolved,
        mutedIssues: d.counts.muted,
        lastScanTime: d.lastScanTime,
        origin: d.origin === 'agent' ? ('agent' as const) : ('upload' as const),
      })),
  };
  return { body };
});
