import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest, schemaModule } from '../../../lib/api-client';
import { datasetsQueryOptions } from '../../../lib/api/get-datasets';
import type { Resolution, ResolveRequest, ResolveResponse } from '../../../../../shared/schemas/issues';
import { failedRowsKeys } from './get-failed-rows';
import { issueHistoryKeys } from './get-issue-history';

// POST /api/{dataset}/resolve/{id}: one row edited (column → value map), fixed as is (manual_fix),
// muted (manual_mute) or unmuted (manual_unmute). The row's version goes along; a stale one
// answers 409 with a message to show.

export interface ResolveIssueInput {
  issueId: string;
  resolution: Resolution;
  /** The version the screen shows; the server refuses the write if the row changed since. */
  version?: number;
}

export function postResolveIssue(instanceId: string, datasetId: string, input: ResolveIssueInput): Promise<ResolveResponse> {
  const body: ResolveRequest = { resolution: input.resolution, issueId: input.issueId, version: input.version };
  return apiRequest(`/${encodeURIComponent(datasetId)}/resolve/${encodeURIComponent(input.issueId)}`, {
    method: 'POST',
    body,
    schema: () => schemaModule(() => import('../../../../../shared/schemas/issues')).then((m) => m.resolveResponseSchema),
    instanceId,
  });
}

/** What a change of issues makes stale: the dataset's lists and counts, the dataset totals and histories. */
export function invalidateIssueData(queryClient: QueryClient, instanceId: string, datasetId: string): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: failedRowsKeys.all(instanceId, datasetId) }),
    queryClient.invalidateQueries({ queryKey: issueHistoryKeys.all(instanceId, datasetId) }),
    queryClient.invalidateQueries({ queryKey: datasetsQueryOptions(instanceId).queryKey }),
  ]).then(() => undefined);
}

/**
 * Status counts are refetched right after a single change (spec 1 §4); a failed write refetches
 * too, so a row someone else changed (409) shows its latest state.
 */
export function useResolveIssue(instanceId: string, datasetId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ResolveIssueInput) => postResolveIssue(instanceId, datasetId, input),
    onSettled: () => invalidateIssueData(queryClient, instanceId, datasetId),
  });
}
