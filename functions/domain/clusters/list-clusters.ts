import type { ClustersQuery, ClustersResponse } from '../../../shared/schemas/clusters';
import { NotFound } from '../errors';
import { requireDataset } from '../issues/dataset';
import type { DatasetRef } from '../issues/issue-store';
import { buildClusters, radiusOf, type BuiltCluster, type ClusterRow } from './build-clusters';
import type { ClusterStore, IssueSketch } from './ports';

// GET /api/{dataset}/issue-clusters (spec 2 §7.3; issue 13 §1): the clusters of one strategy over
// the rows of one status (default open), largest first, each with a page of its issue ids.

export const CLUSTER_NOT_FOUND = 'Cluster not found: its rows were fixed or changed since it was listed.';

export const toClusterRow = (s: IssueSketch): ClusterRow => ({
  issue_id: s.issue_id,
  issue_column: s.issue_column,
  check_name: s.check_name,
  current_value: s.current_value,
  ...(s.ai_suggestion ? { suggestion: s.ai_suggestion.suggestedValue } : {}),
});

export async function listClusters(store: ClusterStore, ref: DatasetRef, query: ClustersQuery): Promise<ClustersResponse> {
  await requireDataset(store, ref);
  const rows = (await store.listSketches(ref, query.status)).filter((r) => query.column === undefined || r.issue_column === query.column).map(toClusterRow);
  const all = buildClusters(rows, { strategy: query.strategy, ...(query.column !== undefined ? { column: query.column } : {}), minSize: query.min_size, ...(query.radius !== undefined ? { radius: query.radius } : {}) });
  let chosen: BuiltCluster[];
  if (query.cluster_id !== undefined) {
    const one = all.find((c) => c.id === query.cluster_id);
    if (!one) throw new NotFound(CLUSTER_NOT_FOUND);
    chosen = [one];
  } else {
    chosen = all.slice(query.offset, query.offset + query.limit);
  }
  const radius = radiusOf(query.strategy, query.radius);
  return {
    success: true,
    strategy: query.strategy,
    ...(radius > 0 ? { radius } : {}),
    total: all.length,
    rows: rows.length,
    clusters: chosen.map(({ issueIds, ...c }) => ({
      ...c,
      issue_ids: issueIds.slice(query.ids_offset, query.ids_offset + query.ids_limit),
      issue_ids_total: issueIds.length,
      ids_offset: query.ids_offset,
    })),
  };
}
