import { beforeAll, describe, expect, it } from 'vitest';
import { ISSUE_TYPES } from '../../shared/constants';
import { availableDatesResponseSchema, failedRowsResponseSchema, scanTimesResponseSchema } from '../../shared/schemas/issues';
import { call, tokenFor, users } from '../support/api';
import { createIssueDataset, FIXTURE_INSTANCE, FIXTURE_OWNERS, FIXTURE_SCANS, readAllIssues } from '../support/fixtures';
import type { IssueRecord } from '../../functions/domain/issues/issue-record';

// The read side of the Issues screen: dates, scan times and the failed-rows list with its filters,
// sorting, pagination and exact counts. Reads the demo data; the exactness checks use a dataset of
// their own so no other suite's writes can move the numbers.

const DEMO = 'inst_demo_prod';
const demo = async (path: string) => call('GET', path, { token: await tokenFor(users.analyst), instanceId: DEMO });
const fx = async (path: string) => call('GET', path, { token: await tokenFor(users.analyst), instanceId: FIXTURE_INSTANCE.instanceId });

describe('GET /api/{dataset}/available-dates and /scan-times', () => {
  it('answers the 14 days of demo scans newest first, and the two scans of a day', async () => {
    const dates = await demo('/api/opportunities/available-dates');

    expect(dates.status).toBe(200);
    const all = availableDatesResponseSchema.parse(dates.body).dates;
    expect([...all].sort().reverse()).toEqual(all);
    // The seed's scans all lie before the day the stack started; a browser suite may run a scan of
    // this dataset today (Run Full Scan), which adds today's date.
    const seeded = all.filter((d) => d < new Date().toISOString().slice(0, 10));
    expect(seeded).toHaveLength(14);

    const times = await demo(`/api/opportunities/scan-times?date=${seeded[0]}`);
    expect(times.status).toBe(200);
    const scanTimes = scanTimesResponseSchema.parse(times.body).scanTimes;
    expect(scanTimes).toHaveLength(2);
    expect(scanTimes.every((t) => t.startsWith(seeded[0]!))).toBe(true);
    expect(Date.parse(scanTimes[0]!)).toBeGreaterThan(Date.parse(scanTimes[1]!));
  });

  it.each([
    ['/api/opportunities/scan-times', 'query.date'],
    ['/api/opportunities/scan-times?date=03/01/2026', 'query.date'],
  ])('answers 400 naming date for %s', async (path, field) => {
    const res = await demo(path);
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([expect.objectContaining({ field })]);
  });

  it.each(['/api/nope/available-dates', '/api/nope/scan-times?date=2026-01-01', '/api/nope/failed_rows', '/api/nope/export', '/api/nope/issues/X/history'])(
    'answers 404 for an unknown dataset: %s',
    async (path) => {
      const res = await demo(path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, error: 'Dataset not found' });
    },
  );

  it('does not find another instance’s dataset through this instance', async () => {
    const { datasetId } = await createIssueDataset({ issues: 3 });
    expect((await demo(`/api/${datasetId}/failed_rows`)).status).toBe(404);
  });
});

describe('GET /api/{dataset}/failed_rows on the demo data', () => {
  it('answers 15 open rows with the record key column, display status, issue type and counts', async () => {
    const res = await demo('/api/opportunities/failed_rows');

    expect(res.status).toBe(200);
    const body = failedRowsResponseSchema.parse(res.body);
    expect(body.data).toHaveLength(15);
    expect(body.pagination).toMatchObject({ limit: 15, offset: 0 });
    expect(body.pagination.total).toBe(body.counts.open);
    for (const row of body.data) {
      expect(row).toMatchObject({ status: 'open', display_status: 'open', record_key: 'opportunity_id', opportunity_id: row.record_id });
      expect(ISSUE_TYPES).toContain(row.issue_type);
    }
    expect(Object.values(body.issueTypeCounts).reduce((a, b) => a + b, 0)).toBe(body.counts.open);
    expect(body.owners).toHaveLength(3);
  });

  it.each([
    ['leads', 'lead_id'],
    ['customers', 'customer_id'],
    ['products', 'product_id'],
  ])('names the record key of %s %s', async (dataset, key) => {
    const res = await demo(`/api/${dataset}/failed_rows?limit=1`);
    expect(res.body.data[0][key]).toBe(res.body.data[0].record_id);
  });

  it('shows muted rows whose time has passed as expired', async () => {
    const res = await demo('/api/opportunities/failed_rows?status=muted&limit=1000');
    const now = Date.now();
    for (const row of res.body.data) {
      const expired = row.mute_until !== null && Date.parse(row.mute_until) <= now;
      expect(row.display_status).toBe(expired ? 'expired' : 'muted');
      expect(row.is_expired).toBe(expired);
    }
    expect(res.body.data.some((r: { is_expired: boolean }) => r.is_expired)).toBe(true);
    expect(res.body.data.some((r: { mute_until: string | null }) => r.mute_until === null)).toBe(true);
  });

  it('keeps the totals of GET /api/datasets and the status counts in step', async () => {
    const [list, rows] = await Promise.all([demo('/api/datasets'), demo('/api/leads/failed_rows?limit=1')]);
    const leads = list.body.datasets.find((d: { id: string }) => d.id === 'leads');
    expect(rows.body.counts).toEqual({ open: leads.openIssues, resolved: leads.resolvedIssues, muted: leads.mutedIssues });
  });

  it.each([
    ['limit=0', 'query.limit'],
    ['limit=1001', 'query.limit'],
    ['offset=-3', 'query.offset'],
    ['status=closed', 'query.status'],
    ['issueType=weird', 'query.issueType'],
    ['sort=price', 'query.sort'],
    ['date=2026-13-01', 'query.date'],
    ['scanTime=noon', 'query.scanTime'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const res = await demo(`/api/opportunities/failed_rows?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([expect.objectContaining({ field })]);
  });
});

describe('GET /api/{dataset}/failed_rows: exact at any limit, filter and offset', () => {
  let datasetId: string;
  let all: IssueRecord[];

  beforeAll(async () => {
    ({ datasetId } = await createIssueDataset({ issues: 240 }));
    all = await readAllIssues(datasetId);
  });

  const expected = (f: { status?: string; owner?: string; issueType?: string; date?: string; scanTime?: string }) =>
    all.filter(
      (i) =>
        i.status === (f.status ?? 'open') &&
        (!f.owner || i.owner === f.owner) &&
        (!f.issueType || i.issue_type === f.issueType) &&
        (!f.date || i.scan_time.startsWith(f.date)) &&
        (!f.scanTime || i.scan_time === f.scanTime),
    );

  it.each([
    [{}],
    [{ status: 'resolved' }],
    [{ status: 'muted', owner: FIXTURE_OWNERS[1] }],
    [{ owner: FIXTURE_OWNERS[0], issueType: 'missing_data' }],
    [{ date: '2026-02-02' }],
    [{ scan_time: FIXTURE_SCANS[1] }],
    [{ scanTime: FIXTURE_SCANS[2], owner: FIXTURE_OWNERS[2] }],
    [{ status: 'open', owner: FIXTURE_OWNERS[2], issueType: 'invalid_value', date: '2026-02-01' }],
  ])('filters by %j with exact totals and counts, also with limit=1', async (filters) => {
    const q = new URLSearchParams({ ...filters, limit: '1' }).toString();
    const res = await fx(`/api/${datasetId}/failed_rows?${q}`);

    const f = { ...filters, scanTime: 'scan_time' in filters ? filters.scan_time : 'scanTime' in filters ? filters.scanTime : undefined };
    const rows = expected(f);
    expect(res.status).toBe(200);
    expect(res.body.pagination.total).toBe(rows.length);
    expect(res.body.data.length).toBe(Math.min(1, rows.length));
    for (const status of ['open', 'resolved', 'muted'] as const) expect(res.body.counts[status]).toBe(expected({ ...f, status }).length);
    for (const type of ISSUE_TYPES) expect(res.body.issueTypeCounts[type]).toBe(expected({ ...f, issueType: type }).length);
  });

  it('pages through every open row exactly once, newest scan first', async () => {
    const seen: string[] = [];
    let total = 0;
    for (let offset = 0; ; offset += 15) {
      const res = await fx(`/api/${datasetId}/failed_rows?offset=${offset}`);
      total = res.body.pagination.total;
      seen.push(...res.body.data.map((r: { issue_id: string }) => r.issue_id));
      if (res.body.data.length < 15) break;
    }
    const open = expected({});
    expect(seen).toHaveLength(total);
    expect(new Set(seen)).toEqual(new Set(open.map((i) => i.issue_id)));
    const scans = seen.map((id) => all.find((i) => i.issue_id === id)!.scan_time);
    expect(scans).toEqual([...scans].sort().reverse());
  });

  it.each([
    ['owner', (i: IssueRecord) => i.owner, 'asc'],
    ['owner:desc', (i: IssueRecord) => i.owner, 'desc'],
    ['issue_type', (i: IssueRecord) => i.issue_type, 'asc'],
    ['scan_time:asc', (i: IssueRecord) => i.scan_time, 'asc'],
    ['record_id:desc', (i: IssueRecord) => i.record_id, 'desc'],
    ['issue_column', (i: IssueRecord) => i.issue_column, 'asc'],
  ] as const)('sorts by %s across pages', async (sort, value, direction) => {
    const first = await fx(`/api/${datasetId}/failed_rows?sort=${sort}&limit=60`);
    const second = await fx(`/api/${datasetId}/failed_rows?sort=${sort}&limit=60&offset=60`);
    const ids = [...first.body.data, ...second.body.data].map((r: { issue_id: string }) => r.issue_id);
    const values = ids.map((id) => value(all.find((i) => i.issue_id === id)!));
    const sorted = [...values].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }) * (direction === 'asc' ? 1 : -1));
    expect(first.body.sort).toBe(sort.includes(':') ? sort : `${sort}:asc`);
    expect(values).toEqual(sorted);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('answers an empty page past the end with the exact total', async () => {
    const res = await fx(`/api/${datasetId}/failed_rows?offset=100000`);
    expect(res.body.data).toEqual([]);
    expect(res.body.pagination.total).toBe(expected({}).length);
  });
});
