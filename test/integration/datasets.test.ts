import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseUrl, call, tokenFor, users } from '../support/api';

// Data in (issue 4) through the real local stack: create a dataset by upload, configure checks,
// scan, re-scan, import other engines' results, read source data, reset. Datasets get unique
// ids per run in an instance no other suite counts datasets of.

const INSTANCE = 'inst_demo_sales';
const run = Date.now().toString(36);
const taxonomy = (dimension: string) => ({ dimension, subcategory: { name: 'Test', priority: 'high' } });

async function admin() {
  return { token: await tokenFor(users.demoAdmin), instanceId: INSTANCE };
}

async function uploadCsv(csv: string): Promise<string> {
  const auth = await admin();
  const size = Buffer.byteLength(csv);
  const created = await call('POST', '/api/datasets/uploads', { ...auth, body: { fileName: 'data.csv', size, contentType: 'text/csv' } });
  expect(created.status).toBe(201);
  const { url, method, headers } = created.body.upload;
  const put = await fetch(url.startsWith('http') ? url : `${baseUrl()}${url}`, { method, headers, body: csv });
  expect(put.status).toBe(200);
  return created.body.uploadId as string;
}

async function createDataset(name: string, csv: string, recordKey: string) {
  const uploadId = await uploadCsv(csv);
  return call('POST', '/api/datasets', { ...(await admin()), body: { name, recordKey, uploadId, fileName: `${name}.csv` } });
}

async function waitForScan(dataset: string, scanId: string) {
  const auth = await admin();
  for (let i = 0; i < 200; i++) {
    const res = await call('GET', `/api/${dataset}/scans/${scanId}`, auth);
    expect(res.status).toBe(200);
    if (res.body.scan.status === 'succeeded' || res.body.scan.status === 'failed') return res.body.scan;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('scan did not finish');
}

async function scan(dataset: string) {
  const started = await call('POST', `/api/${dataset}/scan`, await admin());
  expect(started.status).toBe(202);
  expect(started.body).toMatchObject({ success: true, scanId: expect.any(String), scan: { status: 'queued' } });
  return waitForScan(dataset, started.body.scanId);
}

/** Rows of every status (the list shows one status at a time). */
async function allRows(dataset: string) {
  const parts = await Promise.all(['open', 'resolved', 'muted'].map((s) => rows(dataset, `&status=${s}`)));
  return parts.flatMap((p) => p.data);
}

async function rows(dataset: string, query = '') {
  const res = await call('GET', `/api/${dataset}/failed_rows?limit=1000${query}`, await admin());
  expect(res.status).toBe(200);
  return res.body as { data: Array<Record<string, unknown>>; pagination: { total: number } };
}

const LEADS = ['lead_id,name,email,score', 'L1,Ana,ana@x.com,50', 'L2,Ben,,50', 'L3,Cy,cy-at-x,150', 'L4,Di,di@x.com,-1', 'L5,Eve,eve@x.com,99'].join('\n');
const LEAD_CHECKS = {
  ownerRule: { kind: 'fixed', owner: 'owner@democorp.example' },
  checks: [
    { ...taxonomy('completeness'), type: 'missing', name: 'missing_email', column: 'email' },
    { ...taxonomy('conformity'), type: 'invalid_format', name: 'invalid_email', column: 'email', format: 'email' },
    { ...taxonomy('precision'), type: 'range', name: 'score_range', column: 'score', min: 0, max: 100 },
  ],
};

describe('creating a dataset by upload', () => {
  it('creates it from a valid CSV, needing finalization until it has checks and a scan', async () => {
    const res = await createDataset(`Leads ${run}`, LEADS, 'lead_id');
    expect(res.status).toBe(201);
    expect(res.body.dataset).toMatchObject({ id: `leads_${run}`, onboardingStatus: 'needs_finalization', totalRecords: 5, columns: ['lead_id', 'name', 'email', 'score'] });
    const list = await call('GET', '/api/datasets', await admin());
    expect(list.body.datasets.find((d: { id: string }) => d.id === `leads_${run}`)).toMatchObject({ onboardingStatus: 'needs_finalization' });
  });

  it.each([
    ['a ragged row', 'id,a\n1,x\n2,y,z\n', 'id', /^Line 3: /],
    ['an unclosed quote', 'id,a\n1,x\n2,"y\n', 'id', /^Line 3: a quoted field is never closed/],
    ['a missing record key column', 'key,a\n1,x\n', 'id', /^Line 1: the record key column "id" is not in the header/],
    ['a repeated key', 'id,a\n1,x\n1,y\n', 'id', /^Line 3: .*repeats line 2/],
  ])('answers 400 with the line for %s', async (_label, csv, recordKey, message) => {
    const res = await createDataset(`bad ${run} ${Math.random().toString(36).slice(2, 6)}`, csv, recordKey);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
    expect(res.body.details[0]).toMatchObject({ field: 'file', line: expect.any(Number) });
  });

  it('reads a file a spreadsheet set to a decimal comma exports: semicolons between fields, commas in numbers', async () => {
    // Invented rainfall at harbours; one reading out of range, one that is no number.
    const csv = ['day;pier;rain', '1;Varnholm;14,5', '2;"Ostreby; north";0,25', '3;Kellmark;140,5', '4;Dunsgate;n/a'].join('\r\n');
    const id = `rain_${run}`;
    const res = await createDataset(`Rain ${run}`, csv, 'day');
    expect(res.status).toBe(201);
    expect(res.body.dataset).toMatchObject({ id, totalRecords: 4, columns: ['day', 'pier', 'rain'] });
    const config = { ownerRule: { kind: 'fixed', owner: 'owner@democorp.example' }, checks: [{ ...taxonomy('precision'), type: 'range', name: 'rain_range', column: 'rain', min: 0, max: 100 }] };
    expect((await call('POST', `/api/${id}/config`, { ...(await admin()), body: config })).status).toBe(200);
    expect(await scan(id)).toMatchObject({ status: 'succeeded', rowsRead: 4, failures: 2 });
    expect((await rows(id)).data.map((r) => [r.day, r.current_value]).sort()).toEqual([
      ['3', '140,5'],
      ['4', 'n/a'],
    ]);
    const one = await call('GET', `/api/${id}/source_data?record_id=2`, await admin());
    expect(one.body.data).toEqual([{ day: '2', pier: 'Ostreby; north', rain: '0,25' }]);
  });

  it('suggests a fix for such a file written with its decimal comma', async () => {
    // Invented rainfall at harbours, 0 to 20 mm, one reading ten times too large.
    const rain = (i: number) => (i === 20 ? '63,0' : (((i * i * 31 + i * 17) % 199) / 10).toFixed(1).replace('.', ','));
    const lines = Array.from({ length: 41 }, (_, i) => `${i + 1};${['Varnholm', 'Ostreby', 'Kellmark'][i % 3]};${rain(i)}`);
    const csv = ['day;pier;rain', ...lines].join('\n');
    const id = `rainfix_${run}`;
    expect((await createDataset(`Rainfix ${run}`, csv, 'day')).status).toBe(201);
    const config = { ownerRule: { kind: 'fixed', owner: 'owner@democorp.example' }, checks: [{ ...taxonomy('precision'), type: 'range', name: 'rain_range', column: 'rain', min: 0, max: 20 }] };
    expect((await call('POST', `/api/${id}/config`, { ...(await admin()), body: config })).status).toBe(200);
    expect(await scan(id)).toMatchObject({ status: 'succeeded', rowsRead: 41, failures: 1 });
    const [issue] = (await rows(id)).data as Array<{ issue_id: string; current_value: string }>;
    expect(issue).toMatchObject({ current_value: '63,0' });
    const res = await call('POST', '/api/ai/recommendations/generate', { token: await tokenFor(users.owner), instanceId: INSTANCE, body: { issue: issue!.issue_id, context: { datasetId: id } } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ suggestion: '6,3' });
  });

  it('refuses an upload over the size limit and a non-admin', async () => {
    const big = await call('POST', '/api/datasets/uploads', { ...(await admin()), body: { fileName: 'x.csv', size: 60 * 1024 * 1024 } });
    expect(big.status).toBe(400);
    expect(big.body.details[0]).toMatchObject({ field: 'size' });
    const user = await call('POST', '/api/datasets/uploads', { token: await tokenFor(users.analyst), instanceId: INSTANCE, body: { fileName: 'x.csv', size: 10 } });
    expect(user.status).toBe(403);
  });
});

describe('checks, scans and re-scans', () => {
  const id = `scan_${run}`;

  it('validates a config, naming the field', async () => {
    await createDataset(`Scan ${run}`, LEADS, 'lead_id');
    const bad = await call('POST', `/api/${id}/config`, { ...(await admin()), body: { ...LEAD_CHECKS, checks: [{ ...LEAD_CHECKS.checks[1], format: 'zip' }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([expect.objectContaining({ field: 'checks.0.format' })]);
    const unknown = await call('POST', `/api/${id}/config`, { ...(await admin()), body: { ...LEAD_CHECKS, checks: [{ ...LEAD_CHECKS.checks[0], column: 'phone' }] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual([{ field: 'checks.0.column', message: expect.stringContaining('"phone" is not a column') }]);
    const user = await call('POST', `/api/${id}/config`, { token: await tokenFor(users.analyst), instanceId: INSTANCE, body: LEAD_CHECKS });
    expect(user.status).toBe(403);
  });

  it('previews failures per check without writing', async () => {
    const res = await call('POST', `/api/${id}/config/preview`, { ...(await admin()), body: LEAD_CHECKS });
    expect(res.status).toBe(200);
    expect(res.body.checks.map((c: { name: string; failed: number }) => [c.name, c.failed])).toEqual([
      ['missing_email', 1],
      ['invalid_email', 1],
      ['score_range', 2],
    ]);
    expect((await rows(id)).pagination.total).toBe(0);
  });

  it('scans asynchronously and writes one failed row per failing cell', async () => {
    const saved = await call('POST', `/api/${id}/config`, { ...(await admin()), body: LEAD_CHECKS });
    expect(saved.status).toBe(200);
    expect((await call('GET', `/api/${id}/config`, await admin())).body).toMatchObject({ config: { checks: [{ name: 'missing_email' }, {}, {}] }, columns: ['lead_id', 'name', 'email', 'score'] });

    const job = await scan(id);
    expect(job).toMatchObject({ status: 'succeeded', rowsRead: 5, failures: 4, newIssues: 4 });
    const list = await rows(id);
    expect(list.pagination.total).toBe(4);
    expect(list.data.map((r) => [r.lead_id, r.check_name, r.issue_column, r.current_value, r.owner, r.status]).sort()).toEqual([
      ['L2', 'missing_email', 'email', '', 'owner@democorp.example', 'open'],
      ['L3', 'invalid_email', 'email', 'cy-at-x', 'owner@democorp.example', 'open'],
      ['L3', 'score_range', 'score', '150', 'owner@democorp.example', 'open'],
      ['L4', 'score_range', 'score', '-1', 'owner@democorp.example', 'open'],
    ]);
    const date = job.scanTime.slice(0, 10);
    expect((await call('GET', `/api/${id}/available-dates`, await admin())).body.dates).toContain(date);
    expect((await call('GET', `/api/${id}/scan-times?date=${date}`, await admin())).body.scanTimes).toContain(job.scanTime);
    const listed = (await call('GET', '/api/datasets', await admin())).body.datasets.find((d: { id: string }) => d.id === id);
    expect(listed).toMatchObject({ onboardingStatus: 'onboarded', lastScanTime: job.scanTime });
  });

  it('re-scans idempotently; resolved and muted rows survive; passing rows close as resolved by scan', async () => {
    // Prepare: resolve one row, mute another.
    const auth = await admin();
    const before = await rows(id);
    const find = (key: string, check: string) => before.data.find((r) => r.lead_id === key && r.check_name === check)!;
    const resolved = find('L3', 'invalid_email');
    const muted = find('L4', 'score_range');
    expect((await call('POST', `/api/${id}/resolve/${resolved.issue_id}`, { ...auth, body: { resolution: { email: 'cy@x.com' } } })).status).toBe(200);
    expect((await call('POST', `/api/${id}/bulk-resolve`, { ...auth, body: { recordIds: [muted.issue_id], resolution: { method: 'manual_mute', muteDuration: '1_week' } } })).status).toBe(200);

    // Act 1: the same data again.
    const again = await scan(id);

    // Assess 1: same ids, nothing duplicated, states kept.
    expect(again).toMatchObject({ status: 'succeeded', newIssues: 0, updatedIssues: 2, keptIssues: 2, resolvedByScan: 0 });
    const after = await allRows(id);
    expect(after.map((r) => r.issue_id).sort()).toEqual(before.data.map((r) => r.issue_id).sort());
    const status = async (s: string) => (await rows(id, `&status=${s}`)).pagination.total;
    expect([await status('open'), await status('resolved'), await status('muted')]).toEqual([2, 1, 1]);

    // Act 2: a wider range lets L3's score pass.
    await call('POST', `/api/${id}/config`, { ...auth, body: { ...LEAD_CHECKS, checks: [LEAD_CHECKS.checks[0], LEAD_CHECKS.checks[1], { ...LEAD_CHECKS.checks[2], max: 200 }] } });
    const third = await scan(id);

    // Assess 2
    expect(third).toMatchObject({ resolvedByScan: 1, updatedIssues: 1 });
    const closed = (await rows(id, '&status=resolved')).data.find((r) => r.lead_id === 'L3' && r.check_name === 'score_range');
    expect(closed).toMatchObject({ resolution_method: 'resolved_by_scan', resolved_by: 'scan', current_value: '150' });
    expect([await status('open'), await status('resolved'), await status('muted')]).toEqual([1, 2, 1]);
  });

  it('pages the source data and finds one record', async () => {
    const page = await call('GET', `/api/${id}/source_data?limit=2&offset=1`, await admin());
    expect(page.body).toMatchObject({ columns: ['lead_id', 'name', 'email', 'score'], pagination: { total: 5, limit: 2, offset: 1 } });
    expect(page.body.data.map((r: { lead_id: string }) => r.lead_id)).toEqual(['L2', 'L3']);
    const one = await call('GET', `/api/${id}/source_data?record_id=L4`, await admin());
    expect(one.body.data).toEqual([{ lead_id: 'L4', name: 'Di', email: 'di@x.com', score: '-1' }]);
    const bad = await call('GET', `/api/${id}/source_data?limit=5000`, await admin());
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe('query.limit');
  });

  it('resets: clears resolutions and finds the failed rows again, all open', async () => {
    const res = await call('POST', `/api/${id}/reset`, await admin());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, scanId: expect.any(String) });
    const job = await waitForScan(id, res.body.scanId);
    expect(job).toMatchObject({ status: 'succeeded', newIssues: 3 });
    const all = await allRows(id);
    expect(all.every((r) => r.status === 'open')).toBe(true);
    expect(all).toHaveLength(3);
  });
});

describe('imports of other engines’ results', () => {
  const id = `customers_${run}`;
  const fixture = (name: string) => JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../fixtures', name), 'utf8'));

  it('imports a Soda scan result and a Great Expectations validation result', async () => {
    const csv = ['customer_id,name,email', 'CUST-000104,Amara,', 'CUST-000012,Ingrid,ingrid'].join('\n');
    expect((await createDataset(`Customers ${run}`, csv, 'customer_id')).status).toBe(201);
    const soda = await call('POST', `/api/${id}/import`, { ...(await admin()), body: { format: 'soda', result: fixture('soda-scan-result.json') } });
    expect(soda.status).toBe(200);
    expect(soda.body.imported).toMatchObject({ tool: 'soda', failedRows: 6 });
    const gx = await call('POST', `/api/${id}/import`, { ...(await admin()), body: { format: 'great_expectations', result: fixture('gx-validation-result.json') } });
    expect(gx.status).toBe(200);
    expect(gx.body.imported.skipped).toHaveLength(1);
    const list = await rows(id);
    expect(list.pagination.total).toBe(13);
    expect(list.data.find((r) => r.check_name === 'expect_column_values_to_be_in_set(country)' && r.customer_id === 'CUST-000090')).toMatchObject({ current_value: 'Germny', issue_column: 'country' });

    // Re-importing updates the same rows.
    const again = await call('POST', `/api/${id}/import`, { ...(await admin()), body: { format: 'soda', result: fixture('soda-scan-result.json') } });
    expect(again.body.scan).toMatchObject({ newIssues: 0, updatedIssues: 6 });
    expect((await rows(id)).pagination.total).toBe(13);
  });

  it('answers 400 to something that is not a result', async () => {
    const res = await call('POST', `/api/${id}/import`, { ...(await admin()), body: { format: 'great_expectations', result: { hello: 1 } } });
    expect(res.status).toBe(400);
    expect(res.body.details[0].field).toMatch(/^result/);
  });
});

describe('demo datasets', () => {
  // inst_demo_dev: no other suite counts its rows, so re-scanning one of its datasets is safe.
  const dev = async () => ({ token: await tokenFor(users.demoAdmin), instanceId: 'inst_demo_dev' });

  it('hold their checks and source file like any dataset, and a re-scan finds exactly the seeded rows', async () => {
    // Prepare
    const auth = await dev();
    const config = await call('GET', '/api/leads/config', auth);
    const source = await call('GET', '/api/leads/source_data?limit=1', auth);
    const before = await call('GET', '/api/leads/failed_rows?limit=1', auth);

    // Act
    const started = await call('POST', '/api/leads/scan', auth);
    expect(started.status).toBe(202);
    let job = started.body.scan;
    for (let i = 0; i < 400 && job.status !== 'succeeded' && job.status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      job = (await call('GET', `/api/leads/scans/${started.body.scanId}`, auth)).body.scan;
    }

    // Assess
    expect(config.status).toBe(200);
    expect(config.body.config.checks.map((c: { name: string }) => c.name)).toContain('invalid_phone_pattern');
    expect(source.body.pagination.total).toBe(800);
    expect(job).toMatchObject({ status: 'succeeded', newIssues: 0, resolvedByScan: 0, rowsRead: 800 });
    const after = await call('GET', '/api/leads/failed_rows?limit=1', auth);
    expect(after.body.pagination.total).toBe(before.body.pagination.total);
  });
});
