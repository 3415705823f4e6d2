import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_ISSUE_STATUS, FIRST_PAGE, ISSUE_STATUSES, PAGE_SIZE, USE_CASE_ID_PATTERN, type IssueStatus, type IssueType } from '../../../../../shared/constants';
import { parseIssueType } from '../../../../../shared/issue-type';
import { SORT_FIELDS } from '../../../../../shared/issue-sort';
import type { FailedRowsParams, SortDirection, SortField } from '../../../../../shared/schemas/issues';

// The Issues screen's filters live in the URL query (spec 1 §2): owner, status (default open), date,
// scanTime, issueType, plus page, pageSize and sort. Every change pushes a history entry, so back
// and forward re-read them; the screen never keeps a second copy.

export const PAGE_SIZES = [PAGE_SIZE, 25, 50, 100] as const;

export interface IssueSort {
  field: SortField;
  direction: SortDirection;
}

export interface IssueFilters {
  owner?: string;
  status: IssueStatus;
  date?: string;
  scanTime?: string;
  issueType?: IssueType;
  page: number;
  pageSize: number;
  sort?: IssueSort;
  /** "me": only the rows assigned to the signed-in user (issue 13 §4). */
  assignee?: 'me';
  /** Only the rows that affect this use case (its id; issue 13 §6, the Impact filter). */
  impact?: string;
  /** The dataset on screen (issue 9: a reload or a shared link opens the same dataset). */
  dataset?: string;
}

export type FilterChange = Partial<Pick<IssueFilters, 'owner' | 'status' | 'date' | 'scanTime' | 'issueType' | 'assignee' | 'impact'>>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATASET_ID = /^[A-Za-z0-9_-]{1,100}$/;

function parseSort(value: string | null): IssueSort | undefined {
  if (!value) return undefined;
  const [field, direction] = value.split(':');
  if (!(SORT_FIELDS as readonly string[]).includes(field ?? '')) return undefined;
  return { field: field as SortField, direction: direction === 'desc' ? 'desc' : 'asc' };
}

function positiveInt(value: string | null): number | undefined {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 ? n : undefined;
}

/** Reads the filters from a query string; anything malformed falls back to its default. */
export function parseIssueFilters(search: URLSearchParams): IssueFilters {
  const status = search.get('status');
  const date = search.get('date') ?? '';
  const scanTime = search.get('scanTime') ?? '';
  const pageSize = positiveInt(search.get('pageSize'));
  return {
    owner: search.get('owner')?.trim() || undefined,
    status: (ISSUE_STATUSES as readonly string[]).includes(status ?? '') ? (status as IssueStatus) : DEFAULT_ISSUE_STATUS,
    date: DATE.test(date) ? date : undefined,
    // A scan time belongs to a date: without one it is ignored (the filter is disabled then).
    scanTime: DATE.test(date) && scanTime ? scanTime : undefined,
    issueType: parseIssueType(search.get('issueType') ?? ''),
    page: positiveInt(search.get('page')) ?? FIRST_PAGE,
    pageSize: pageSize !== undefined && (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : PAGE_SIZE,
    sort: parseSort(search.get('sort')),
    ...(search.get('assignee') === 'me' ? { assignee: 'me' as const } : {}),
    ...(USE_CASE_ID_PATTERN.test(search.get('impact') ?? '') ? { impact: search.get('impact')! } : {}),
    ...(DATASET_ID.test(search.get('dataset') ?? '') ? { dataset: search.get('dataset')! } : {}),
  };
}

/** Writes the filters as a query string; defaults other than status are left out. */
export function issueFiltersSearch(filters: IssueFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.dataset) search.set('dataset', filters.dataset);
  if (filters.owner) search.set('owner', filters.owner);
  search.set('status', filters.status);
  if (filters.date) search.set('date', filters.date);
  if (filters.date && filters.scanTime) search.set('scanTime', filters.scanTime);
  if (filters.issueType) search.set('issueType', filters.issueType);
  if (filters.page !== FIRST_PAGE) search.set('page', String(filters.page));
  if (filters.pageSize !== PAGE_SIZE) search.set('pageSize', String(filters.pageSize));
  if (filters.sort) search.set('sort', `${filters.sort.field}:${filters.sort.direction}`);
  if (filters.assignee) search.set('assignee', filters.assignee);
  if (filters.impact) search.set('impact', filters.impact);
  return search;
}

/** The failed_rows query for the filters: the page as limit and offset. */
export function failedRowsParams(filters: IssueFilters): FailedRowsParams {
  return {
    status: filters.status,
    owner: filters.owner,
    date: filters.date,
    scanTime: filters.scanTime,
    issueType: filters.issueType,
    sort: filters.sort ? `${filters.sort.field}:${filters.sort.direction}` : undefined,
    limit: filters.pageSize,
    offset: (filters.page - 1) * filters.pageSize,
    ...(filters.assignee ? { assignee: filters.assignee } : {}),
    ...(filters.impact ? { impact: filters.impact } : {}),
  };
}

/**
 * Applies a filter change: any filter change goes back to page 1, and a new date clears the scan
 * time (spec 1 §4).
 */
export function withFilterChange(filters: IssueFilters, change: FilterChange): IssueFilters {
  const next: IssueFilters = { ...filters, ...change, page: FIRST_PAGE };
  if ('date' in change && change.date !== filters.date) next.scanTime = undefined;
  if (!next.date) next.scanTime = undefined;
  return next;
}

export function useIssueFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => parseIssueFilters(searchParams), [searchParams]);

  const write = useCallback(
    (next: IssueFilters, options: { replace?: boolean } = {}) => setSearchParams(issueFiltersSearch(next), { replace: options.replace }),
    [setSearchParams],
  );

  return {
    filters,
    setFilter: useCallback((change: FilterChange) => write(withFilterChange(filters, change)), [filters, write]),
    setPage: useCallback((page: number, options?: { replace?: boolean }) => write({ ...filters, page }, options), [filters, write]),
    /** A new page size starts again at page 1 (spec 1 §4). */
    setPageSize: useCallback((pageSize: number) => write({ ...filters, pageSize, page: FIRST_PAGE }), [filters, write]),
    setSort: useCallback((sort: IssueSort) => write({ ...filters, sort, page: FIRST_PAGE }), [filters, write]),
    /** Another dataset has other dates: keep owner, status and issue type, drop the rest. */
    resetForDataset: useCallback(
      (dataset: string) =>
        write({ dataset, owner: filters.owner, status: filters.status, issueType: filters.issueType, page: FIRST_PAGE, pageSize: filters.pageSize, ...(filters.assignee ? { assignee: filters.assignee } : {}), ...(filters.impact ? { impact: filters.impact } : {}) }),
      [filters, write],
    ),
    /** Names the dataset on screen in the URL without a history entry (first load, or a link without it). */
    showDataset: useCallback(
      (dataset: string) =>
        setSearchParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.set('dataset', dataset);
            return next;
          },
          { replace: true },
        ),
      [setSearchParams],
    ),
  };
}
