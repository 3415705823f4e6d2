import { waitFor } from '@testing-library/react';
import { ISSUE_TYPE_LABELS, ISSUE_TYPES, type IssueStatus } from '../../../../../shared/constants';
import { displayStatus, muteUntil } from '../../../../../shared/mute';
import type { BulkResolveRequest, IssueRow } from '../../../../../shared/schemas/issues';
import type { User } from '../../../../../shared/schemas/session';
import { makeUser } from '../../../test/fixtures';
import { mockApi, type MockAnswer, type MockHandler, type RecordedRequest } from '../../../test/mock-api';
import { signedInHandlers, storeSignedInUser } from '../../../test/render-app';

// An in-memory stand-in for the Issues API of one dataset (opportunities), for component tests:
// filters, pages, sorts and counts like the real one, and applies resolve and bulk-resolve.

export const OWNERS = ['ana.lopez@acme.test', 'ben.ng@acme.test', 'cara.diaz@acme.test'] as const;
export const SCAN_TIMES = ['2025-01-14T06:00:00.000Z', '2025-01-14T18:00:00.000Z', '2025-01-15T06:00:00.000Z'] as const;

export function makeIssueRow(i: number, overrides: Partial<IssueRow> = {}): IssueRow {
  const type = ISSUE_TYPES[i % 5]!;
  const status: IssueStatus = overrides.status ?? 'open';
  const row: IssueRow = {
    issue_id: `01JISSUE${String(i).padStart(6, '0')}AB${String(i).padStart(2, '0')}`.toUpperCase(),
    dataset_id: 'opportunities',
    record_key: 'opportunity_id',
    record_id: `OPP-${String(1000 + i)}`,
    opportunity_id: `OPP-${String(1000 + i)}`,
    name: `Deal ${i}`,
    issue_column: 'amount',
    current_value: String(1000 + i),
    original_value: null,
    status,
    display_status: status,
    is_expired: false,
    check_name: 'amount_out_of_range',
    owner: OWNERS[i % OWNERS.length]!,
    resolved_at: null,
    resolved_by: null,
    resolution_method: null,
    muted_at: null,
    mute_until: null,
    muted_by: null,
    scan_time: SCAN_TIMES[i % SCAN_TIMES.length]!,
    taxonomy: null,
    dimension: 'precision',
    issue_type: type,
    issue_type_label: ISSUE_TYPE_LABELS[type],
    ai_suggestion: null,
    version: 1,
    ...overrides,
  };
  return { ...row, display_status: displayStatus(row), is_expired: displayStatus(row) === 'expired' };
}


export interface FakeIssuesApi {
  rows: IssueRow[];
  api: ReturnType<typeof mockApi>;
  /** The failed_rows requests, as their query strings. */
  listQueries: () => URLSearchParams[];
}

function matches(row: IssueRow, q: URLSearchParams, ignore?: string): boolean {
  const check = (name: string, ok: boolean) => name === ignore || !q.get(name) || ok;
  return (
    check('status', row.status === q.get('status')) &&
    check('owner', row.owner === q.get('owner')) &&
    check('issueType', row.issue_type === q.get('issueType')) &&
    check('date', row.scan_time.startsWith(q.get('date') ?? '')) &&
    check('scanTime', row.scan_time === q.get('scanTime'))
  );
}

function listAnswer(rows: IssueRow[], q: URLSearchParams): MockAnswer {
  const limit = Number(q.get('limit') ?? 15);
  const offset = Number(q.get('offset') ?? 0);
  const [field = 'scan_time', direction = 'desc'] = (q.get('sort') ?? 'scan_time:desc').split(':');
  const list = rows
    .filter((r) => matches(r, q))
    .sort((a, b) => {
      const x = String(a[field] ?? '');
      const y = String(b[field] ?? '');
      return (direction === 'asc' ? 1 : -1) * x.localeCompare(y) || a.issue_id.localeCompare(b.issue_id);
    });
  const counts = { open: 0, resolved: 0, muted: 0 };
  for (const r of rows) if (matches(r, q, 'status')) counts[r.status]++;
  const issueTypeCounts = Object.fromEntries(ISSUE_TYPES.map((t) => [t, rows.filter((r) => r.issue_type === t && matches(r, q, 'issueType')).length]));
  return {
    body: {
      success: true,
      data: list.slice(offset, offset + limit),
      pagination: { total: list.length, limit, offset },
      counts,
      issueTypeCounts,
      owners: [...new Set(rows.map((r) => r.owner))].sort(),
      sort: `${field}:${direction}`,
    },
  };
}

function applyResolution(row: IssueRow, resolution: Record<string, unknown>): IssueRow {
  const at = new Date().toISOString();
  const next = { ...row, version: row.version + 1 };
  switch (resolution.method) {
    case 'manual_fix':
      return makeIssueRow(0, { ...next, status: 'resolved', resolved_at: at, resolution_method: 'manual_fix', mute_until: null });
    case 'manual_unmute':
      return makeIssueRow(0, { ...next, status: 'open', mute_until: null, muted_at: null });
    case 'manual_mute':
      return makeIssueRow(0, { ...next, status: 'muted', muted_at: at, mute_until: muteUntil(resolution.muteDuration as never) });
    default: {
      const value = resolution[row.issue_column];
      return makeIssueRow(0, { ...next, status: 'resolved', current_value: String(value), resolved_at: at, resolution_method: 'manual_edit' });
    }
  }
}

/**
 * Signs a user in and answers the shell's calls and the Issues calls from `rows`. `overrides`
 * replace any handler (e.g. to make a write fail).
 */
export function fakeIssuesApi(rows: IssueRow[], overrides: Record<string, MockHandler> = {}, user: User = makeUser()): FakeIssuesApi {
  storeSignedInUser(user);
  const store = rows.map((r) => ({ ...r }));
  const find = (id: string) => store.findIndex((r) => r.issue_id === id);
  const handlers: Record<string, MockHandler> = {
    ...signedInHandlers(user),
    'GET /api/opportunities/available-dates': { body: { success: true, dates: ['2025-01-15', '2025-01-14'] } },
    'GET /api/opportunities/scan-times': (request: RecordedRequest) => ({
      body: { success: true, scanTimes: SCAN_TIMES.filter((t) => t.startsWith(request.query.get('date') ?? '')) },
    }),
    'GET /api/opportunities/failed_rows': (request: RecordedRequest) => listAnswer(store, request.query),
    // The screen asks AI suggestions for the open rows it shows (spec 1 §4): this fake queues
    // none (every row already answered "no suggestion"), so the cells stay as they are.
    'POST /api/ai/recommendations/batch': (request: RecordedRequest) => {
      const total = (request.body as { issues: string[] }).issues.length;
      return { status: 202, body: { success: true, jobId: 'job-test', queued: 0, skipped: total, total, paused: false } };
    },
    'GET /api/opportunities/suggestions': (request: RecordedRequest) => ({
      body: {
        success: true,
        data: (request.query.get('ids') ?? '')
          .split(',')
          .filter(Boolean)
          .flatMap((id) => {
            const row = store.find((r) => r.issue_id === id);
            return row
              ? [{ issueId: id, state: 'none', field: row.issue_column, currentValue: row.current_value, suggestedValue: null, confidence: null, reasoning: null, recommendationId: null, provider: null }]
              : [];
          }),
      },
    }),
    'POST /api/opportunities/bulk-resolve': (request: RecordedRequest) => {
      const body = request.body as BulkResolveRequest;
      const errors: Array<{ id: string; error: string }> = [];
      for (const id of body.recordIds) {
        const index = find(id);
        const row = store[index];
        if (!row || (body.resolution.method === 'manual_unmute' && row.status !== 'muted')) {
          errors.push({ id, error: 'Only muted issues can be unmuted.' });
          continue;
        }
        store[index] = applyResolution(row, body.resolution);
      }
      const total = body.recordIds.length;
      return { body: { success: true, resolved: total - errors.length, failed: errors.length, total, errors } };
    },
  };
  for (const row of store) {
    handlers[`POST /api/opportunities/resolve/${row.issue_id}`] = (request: RecordedRequest) => {
      const index = find(row.issue_id);
      const current = store[index]!;
      const body = request.body as { resolution: Record<string, unknown>; version?: number };
      if (body.version !== undefined && body.version !== current.version) {
        return { status: 409, body: { success: false, error: 'This issue was changed by someone else. Reload to see the latest version.' } };
      }
      store[index] = applyResolution(current, body.resolution);
      return { body: { success: true, data: store[index] } };
    };
    handlers[`GET /api/opportunities/issues/${row.issue_id}/history`] = { body: { success: true, events: [] } };
  }
  const api = mockApi({ ...handlers, ...overrides });
  return {
    rows: store,
    api,
    listQueries: () => api.calls('GET /api/opportunities/failed_rows').map((r) => r.query),
  };
}

/** n open rows, 0..n-1. */
export function openRows(n: number): IssueRow[] {
  return Array.from({ length: n }, (_, i) => makeIssueRow(i));
}

/** The table rows on screen (empty while loading). */
export function shownRows(): HTMLTableRowElement[] {
  return [...document.querySelectorAll<HTMLTableRowElement>('tr[data-row-id]')];
}

/** Waits until the table shows rows (the app boots, restores the session and loads the first page). */
export async function waitForRows(): Promise<HTMLTableRowElement[]> {
  // The first render of a test file loads the lazy route chunks: generous on a loaded machine.
  await waitFor(() => expect(shownRows().length).toBeGreaterThan(0), { timeout: 20_000 });
  return shownRows();
}
