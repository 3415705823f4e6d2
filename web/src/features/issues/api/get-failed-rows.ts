import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, schemaModule } from '../../../lib/api-client';
import { instanceKey } from '../../../lib/query-client';
import type { FailedRowsParams, FailedRowsResponse } from '../../../../../shared/schemas/issues';

// GET /api/{dataset}/failed_rows: one page of failed rows with the exact total, the status counts
// and the issue-type counts under the same filters (spec 1 §7). One call fills the table, the tab
// counts and the filter options, so they always agree.

export const FETCH_ROWS_FAILED = 'Failed to fetch issue rows';

export const failedRowsKeys = {
  /** Every page and filter of a dataset's failed rows: what a change of an issue invalidates. */
  all: (instanceId: string, datasetId: string) => instanceKey(instanceId, 'issues', datasetId, 'failed-rows'),
  page: (instanceId: string, datasetId: string, params: FailedRowsParams) => [...failedRowsKeys.all(instanceId, datasetId), params] as const,
};

export function failedRowsSearch(params: FailedRowsParams): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(name, String(value));
  }
  return query.toString();
}

export function getFailedRows(instanceId: string, datasetId: string, params: FailedRowsParams, signal?: AbortSignal): Promise<FailedRowsResponse> {
  return apiRequest(`/${encodeURIComponent(datasetId)}/failed_rows?${failedRowsSearch(params)}`, {
    schema: () => schemaModule(() => import('../../../../../shared/schemas/issues')).then((m) => m.failedRowsResponseSchema),
    instanceId,
    signal,
  });
}

export const failedRowsQueryOptions = (instanceId: string, datasetId: string, params: FailedRowsParams) =>
  queryOptions({
    queryKey: failedRowsKeys.page(instanceId, datasetId, params),
    queryFn: ({ signal }) => getFailedRows(instanceId, datasetId, params, signal),
    meta: { errorMessage: FETCH_ROWS_FAILED },
    // Rows change under other people's hands: a page is fresh only briefly.
    staleTime: 5_000,
  });

/** Keeps the previous page on screen while the next one loads, so paging and filtering don't flash. */
export function useFailedRows(instanceId: string, datasetId: string, params: FailedRowsParams) {
  return useQuery({ ...failedRowsQueryOptions(instanceId, datasetId, params), placeholderData: keepPreviousData });
}
