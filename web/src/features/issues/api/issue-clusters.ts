import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { instanceKey } from '../../../lib/query-client';
import {
  CLUSTER_IDS_MAX,
  clustersResponseSchema,
  resolveClusterResponseSchema,
  type ClusterStrategy,
  type ClustersResponse,
  type IssueCluster,
  type ResolveClusterResponse,
} from '../../../../../shared/schemas/clusters';
import { invalidateIssueData } from './resolve-issue';

// GET /api/{dataset}/issue-clusters and POST /api/{dataset}/issue-clusters/{clusterId}/resolve (issue 13).

export const clusterKeys = {
  all: (instanceId: string, datasetId: string) => instanceKey(instanceId, 'issues', datasetId, 'clusters'),
  list: (instanceId: string, datasetId: string, strategy: ClusterStrategy) => [...clusterKeys.all(instanceId, datasetId), strategy] as const,
};

const path = (datasetId: string) => `/${encodeURIComponent(datasetId)}/issue-clusters`;

export function getClusters(instanceId: string, datasetId: string, search: Record<string, string | number>): Promise<ClustersResponse> {
  const query = new URLSearchParams(Object.entries(search).map(([k, v]) => [k, String(v)])).toString();
  return apiRequest(`${path(datasetId)}?${query}`, { schema: clustersResponseSchema, instanceId });
}

export function useClusters(instanceId: string, datasetId: string, strategy: ClusterStrategy, enabled: boolean) {
  return useQuery({
    queryKey: clusterKeys.list(instanceId, datasetId, strategy),
    queryFn: () => getClusters(instanceId, datasetId, { strategy, limit: 50, ids_limit: CLUSTER_IDS_MAX }),
    enabled,
    staleTime: 0,
  });
}

/** Every member id of a cluster (its first page came with the list; larger clusters are paged). */
export async function allMemberIds(instanceId: string, datasetId: string, cluster: IssueCluster): Promise<string[]> {
  const ids = [...cluster.issue_ids];
  while (ids.length < cluster.issue_ids_total) {
    const page = await getClusters(instanceId, datasetId, { strategy: cluster.strategy, cluster_id: cluster.id, ids_limit: CLUSTER_IDS_MAX, ids_offset: ids.length });
    const got = page.clusters[0]?.issue_ids ?? [];
    if (got.length === 0) break;
    ids.push(...got);
  }
  return ids;
}

export interface ClusterFix {
  cluster: IssueCluster;
  value?: string;
  acceptSuggestion?: boolean;
}

export function useResolveCluster(instanceId: string, datasetId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ cluster, value, acceptSuggestion }: ClusterFix): Promise<ResolveClusterResponse> => {
      const ids = await allMemberIds(instanceId, datasetId, cluster);
      return apiRequest(`${path(datasetId)}/${encodeURIComponent(cluster.id)}/resolve`, {
        method: 'POST',
        body: { ...(acceptSuggestion ? { accept_suggestion: true } : { value }), issue_ids: ids },
        schema: resolveClusterResponseSchema,
        instanceId,
      });
    },
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: clusterKeys.all(instanceId, datasetId) }), invalidateIssueData(queryClient, instanceId, datasetId)]),
  });
}
