import { CLUSTER_ID_PATTERN, CLUSTER_STRATEGIES, type ClusterStrategy, type ResolveClusterResponse } from '../../../shared/schemas/clusters';
import type { ResolutionAction } from '../../../shared/schemas/issues';
import { NotFound } from '../errors';
import { applyToMany, type BulkObserver } from '../issues/bulk-resolve';
import { requireDataset } from '../issues/dataset';
import type { IssueRecord } from '../issues/issue-record';
import type { DatasetRef } from '../issues/issue-store';
import type { Clock } from '../issues/resolve-issue';
import { InvalidTransition } from '../issues/transitions';
import { buildClusters } from './build-clusters';
import { CLUSTER_NOT_FOUND, toClusterRow } from './list-clusters';
import type { ClusterStore } from './ports';

// POST /api/{dataset}/issue-clusters/{clusterId}/resolve (issue 13 §2): one decision for the rows
// of a cluster, through the commit path of bulk actions (a history event per row, counters in the
// same transaction, each row conditioned on the version it was read at, per-row errors). The
// cluster is recomputed from the rows as they are now: a row that left it since it was listed
// (edited, fixed by someone else) is a per-row error, never overwritten. A typed value is a
// manual edit of each row, so it teaches the builtin AI as manual fixes do (it learns from
// resolved rows whose value was edited). Large clusters commit in chunks, reporting progress.

export const NOT_IN_CLUSTER = 'This row is no longer in this cluster (its value changed).';
export const NO_SUGGESTION = 'This issue has no AI suggestion to accept.';
/** Where progress and the end of a mass fix are reported (real-time events); optional. */
export interface ClusterFixEvents {
  /** Progress per step (bulk-progress) and the rows written, as for bulk actions. */
  observer?: BulkObserver;
  finished?(result: ResolveClusterResponse): Promise<void>;
}

export interface ResolveClusterInput {
  clusterId: string;
  value?: string;
  acceptSuggestion?: boolean;
  issueIds: readonly string[];
}

function parseClusterId(id: string): { strategy: ClusterStrategy; radius: number } {
  const m = CLUSTER_ID_PATTERN.exec(id);
  if (!m || !(CLUSTER_STRATEGIES as readonly string[]).includes(m[1]!)) throw new NotFound(CLUSTER_NOT_FOUND);
  return { strategy: m[1] as ClusterStrategy, radius: Number(m[2]) };
}

/** The cluster's rows now, with the value each holds (open or muted: a cluster can be listed over either). */
export async function clusterMembers(store: ClusterStore, ref: DatasetRef, clusterId: string): Promise<Map<string, string | null>> {
  const { strategy, radius } = parseClusterId(clusterId);
  const members = new Map<string, string | null>();
  for (const status of ['open', 'muted'] as const) {
    const rows = (await store.listSketches(ref, status)).map(toClusterRow);
    const found = buildClusters(rows, { strategy, ...(radius > 0 ? { radius } : {}) }).find((c) => c.id === clusterId);
    if (!found) continue;
    const value = new Map(rows.map((r) => [r.issue_id, r.current_value]));
    for (const id of found.issueIds) members.set(id, value.get(id) ?? null);
  }
  return members;
}

export async function resolveCluster(
  store: ClusterStore,
  ref: DatasetRef,
  input: ResolveClusterInput,
  by: string,
  clock: Clock,
  events: ClusterFixEvents = {},
): Promise<ResolveClusterResponse> {
  await requireDataset(store, ref);
  const members = await clusterMembers(store, ref, input.clusterId);
  if (members.size === 0) throw new NotFound(CLUSTER_NOT_FOUND);
  const ids = [...new Set(input.issueIds)];

  const actionOf = (issue: IssueRecord): ResolutionAction => {
    // A resolved row gets planChange's own answer ("already resolved").
    // A row whose value changed since the cluster was computed is not overwritten.
    const member = members.has(issue.issue_id) && members.get(issue.issue_id) === issue.current_value;
    if (!member && issue.status !== 'resolved') throw new InvalidTransition(NOT_IN_CLUSTER);
    if (input.value !== undefined) return { method: 'manual_edit', column: issue.issue_column, value: input.value };
    if (!issue.ai_suggestion) throw new InvalidTransition(NO_SUGGESTION);
    const { suggestedValue, confidence, reasoning } = issue.ai_suggestion;
    return { method: 'accept_suggestion', suggestion: suggestedValue, confidence, reasoning };
  };

  const { resolved, errors } = await applyToMany(store, ref, ids, actionOf, by, clock, events.observer ?? {});
  const result: ResolveClusterResponse = { success: true, cluster_id: input.clusterId, resolved, failed: errors.length, total: ids.length, errors };
  await events.finished?.(result);
  return result;
}
