import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { startAppChild } from '../../scripts/local/app-child';
import { BATCH_MAX_ISSUES, SUGGESTIONS_MAX_IDS } from '../../shared/schemas/ai';
import { createAiDataset, processedRows } from '../support/ai';
import { ABANDONED_MESSAGE, STALE_AFTER_MS } from '../../functions/domain/scans/job-liveness';
import { ageScanJob, createMember, createIssueDataset, FIXTURE_INSTANCE, recount } from '../support/fixtures';

// Issue 9 item 1: nothing stranded by a crash. The application (API, suggestions queue, worker,
// scan runner) runs as a child process over the suite's emulators; while an AI batch of AI_ROWS
// rows, a bulk mute of MUTE_ROWS rows and a scan of SCAN_ROWS rows are in flight it is SIGKILLed
// at a random moment, started again, and left to settle. Then: status counts equal a recount, no
// row stays "queued", rows whose messages died with the process can be requested again, credits
// equal the ledger rule (one per row the provider processed, exactly once), and the killed scan
// reads as failed once its liveness window has passed (aged in the table rather than waited for),
// after which a new scan runs and finds exactly the failing cells of the file. CRASH_ITERATIONS runs (opt-in: `npm run test:crash`
// runs 10). The kill moments are random; each iteration prints its moment and what it found.

const ITERATIONS = Number(process.env.CRASH_ITERATIONS ?? 0);
const AI_ROWS = Number(process.env.CRASH_AI_ROWS ?? 2000);
const MUTE_ROWS = 1000;
const SCAN_ROWS = Number(process.env.CRASH_SCAN_ROWS ?? 20_000);
const INSTANCE = FIXTURE_INSTANCE.instanceId;
const PASSWORD = 'Crash#Quality2026';
const CITIES = ['springfield', 'riverton', 'lakewood'];

interface App {
  url: string;
  child: ChildProcess;
}

const running: ChildProcess[] = [];
afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
});

/** Starts the application alone over the suite's emulators; resolves when it listens. */
function startApp(): Promise<App> {
  const env = { ...process.env, ...inject('stackEnv'), PORT: '0', SUGGESTIONS_VISIBILITY_SECONDS: '2', LOG_LEVEL: 'silent' };
  return startAppChild(env, { onSpawn: (child) => running.push(child) });
}

function kill(app: App): Promise<void> {
  return new Promise((resolve) => {
    if (app.child.exitCode !== null || app.child.signalCode !== null) return resolve();
    app.child.once('exit', () => resolve());
    app.child.kill('SIGKILL');
  });
}

async function api(app: App, token: string, method: string, pathname: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${app.url}${pathname}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'x-instance-id': INSTANCE, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

async function signIn(app: App, email: string): Promise<string> {
  const res = await fetch(`${app.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '127.0.0.77' }, body: JSON.stringify({ email, password: PASSWORD }) });
  const body = (await res.json()) as { token?: string };
  if (!body.token) throw new Error(`sign-in failed: ${res.status}`);
  return body.token;
}

const chunks = <T>(list: T[], size: number) => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const aiDataset = (rows: number) => createAiDataset({ rows, cities: CITIES, owner: 'owner@democorp.example' });

async function states(app: App, token: string, datasetId: string, ids: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const part of chunks(ids, SUGGESTIONS_MAX_IDS)) {
    const res = await api(app, token, 'GET', `/api/${datasetId}/suggestions?ids=${part.join(',')}`);
    out.push(...(res.body.data as Array<{ state: string }>).map((v) => v.state));
  }
  return out;
}

async function requestSuggestions(app: App, token: string, datasetId: string, ids: string[]) {
  for (const part of chunks(ids, BATCH_MAX_ISSUES)) await api(app, token, 'POST', '/api/ai/recommendations/batch', { issues: part, context: { datasetId } });
}

async function creditsOf(app: App, token: string, datasetId: string): Promise<number> {
  const usage = await api(app, token, 'GET', `/api/ai/usage/${FIXTURE_INSTANCE.organizationId}?groupBy=dataset`);
  return (usage.body.data.usage as Array<{ key: string; credits: number }>).find((u) => u.key === `${INSTANCE}/${datasetId}`)?.credits ?? 0;
}


/**
 * A CSV of SCAN_ROWS rows (id, email, score) in which every 7th e-mail is missing and every 10th
 * score is out of 0..100, and the number of failing cells that gives.
 */
function scanCsv(): { csv: string; failing: number } {
  const lines = ['id,email,score'];
  let failing = 0;
  for (let i = 1; i <= SCAN_ROWS; i += 1) {
    const missing = i % 7 === 0;
    const outOfRange = i % 10 === 0;
    failing += Number(missing) + Number(outOfRange);
    lines.push(`R${i},${missing ? '' : `user${i}@example.com`},${outOfRange ? 150 : i % 100}`);
  }
  return { csv: lines.join('\n'), failing };
}

/** Uploads the CSV as a new dataset through the application and gives it two checks. */
async function createScanDataset(app: App, token: string, csv: string): Promise<string> {
  const created = await api(app, token, 'POST', '/api/datasets/uploads', { fileName: 'crash.csv', size: Buffer.byteLength(csv), contentType: 'text/csv' });
  expect(created.status).toBe(201);
  const { url, method, headers } = created.body.upload;
  const put = await fetch(url.startsWith('http') ? url : `${app.url}${url}`, { method, headers, body: csv });
  expect(put.status).toBe(200);
  const name = `Crash scan ${process.pid} ${Date.now().toString(36)}`;
  const dataset = await api(app, token, 'POST', '/api/datasets', { name, recordKey: 'id', uploadId: created.body.uploadId, fileName: 'crash.csv' });
  expect(dataset.status).toBe(201);
  const id = dataset.body.dataset.id as string;
  const taxonomy = (dimension: string) => ({ dimension, subcategory: { name: dimension, priority: 'medium' } });
  const config = await api(app, token, 'POST', `/api/${id}/config`, {
    ownerRule: { kind: 'fixed', owner: 'owner@democorp.example' },
    checks: [
      { ...taxonomy('completeness'), type: 'missing', name: 'missing_email', column: 'email' },
      { ...taxonomy('precision'), type: 'range', name: 'score_range', column: 'score', min: 0, max: 100 },
    ],
  });
  expect(config.status).toBe(200);
  return id;
}

async function scanJob(app: App, token: string, datasetId: string, scanId: string): Promise<{ status: string; rowsRead: number; error?: string }> {
  const res = await api(app, token, 'GET', `/api/${datasetId}/scans/${scanId}`);
  expect(res.status).toBe(200);
  return res.body.scan;
}

async function until(probe: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`did not settle: ${what}`);
    await sleep(1000);
  }
}

// Opt-in (`npm run test:crash`): its 2,000-row AI batch, bulk mute and recount polling saturate the
// suite's single DynamoDB Local, which made unrelated browser tests running beside it time out.
describe.skipIf(ITERATIONS < 1)('a crash at any moment strands nothing (issue 9 item 1)', () => {
  it.each(Array.from({ length: ITERATIONS }, (_, i) => i + 1))(
    'iteration %i: kill during an AI batch, a bulk mute and a scan, restart, settle: counts equal a recount, nothing queued or running, credits equal processed rows',
    async (iteration) => {
      const email = `crash-${process.pid}-${iteration}-${Date.now().toString(36)}@democorp.example`;
      await createMember({ email, password: PASSWORD, organizationId: FIXTURE_INSTANCE.organizationId, instances: [INSTANCE], role: 'admin' });
      const ai = await aiDataset(AI_ROWS);
      const mute = await createIssueDataset({ issues: MUTE_ROWS, build: () => ({ status: 'open' }) });
      const muteIds = mute.issues.map((i) => i.issue_id);
      const file = scanCsv();

      let app = await startApp();
      const token = await signIn(app, email);
      const scanned = await createScanDataset(app, token, file.csv);
      // Both kinds of work start; the kill comes at a random moment while they run: after a random
      // number of AI rows were processed, after a random number of rows were muted, or at a random time.
      const started = Date.now();
      const work = Promise.allSettled([
        requestSuggestions(app, token, ai.datasetId, ai.ids),
        api(app, token, 'POST', `/api/${mute.datasetId}/bulk-resolve`, { recordIds: muteIds, resolution: { method: 'manual_mute', muteDuration: '1_week' } }),
      ]);
      const scanStart = await api(app, token, 'POST', `/api/${scanned}/scan`);
      expect(scanStart.status).toBe(202);
      const scanId = scanStart.body.scanId as string;
      const moment = (['ai-progress', 'mute-progress', 'scan-progress', 'time'] as const)[(iteration - 1) % 4]!;
      const target =
        moment === 'ai-progress'
          ? 1 + Math.floor(Math.random() * AI_ROWS * 0.6)
          : moment === 'mute-progress'
            ? 1 + Math.floor(Math.random() * (MUTE_ROWS - 1))
            : moment === 'scan-progress'
              ? 1 + Math.floor(Math.random() * (SCAN_ROWS - 1))
              : 300 + Math.floor(Math.random() * 5000);
      if (moment === 'time') await sleep(target);
      else {
        const progress = async () =>
          moment === 'ai-progress' ? await processedRows(ai.datasetId) : moment === 'mute-progress' ? (await recount(mute.datasetId)).muted : (await scanJob(app, token, scanned, scanId)).rowsRead;
        const reached = async () => (await progress()) >= target;
        // Bounded: if the work finishes before the target (a fast machine), the kill still comes.
        await until(async () => (await reached()) || Date.now() - started > 180_000, 200_000, 'kill moment');
      }
      const killAfterMs = Date.now() - started;
      await kill(app);
      await work;
      const atKill = { processed: await processedRows(ai.datasetId), muted: (await recount(mute.datasetId)).muted, scanOpen: (await recount(scanned)).open };

      app = await startApp();
      const token2 = await signIn(app, email);
      // The interrupted bulk call is simply sent again (idempotent: rows already muted are reported, not counted twice).
      const again = await api(app, token2, 'POST', `/api/${mute.datasetId}/bulk-resolve`, { recordIds: muteIds, resolution: { method: 'manual_mute', muteDuration: '1_week' } });
      expect(again.status).toBe(200);
      // Rows whose queue messages died with the process stop reading "queued" once their lease ends.
      await until(async () => !(await states(app, token2, ai.datasetId, ai.ids)).includes('queued'), 120_000, 'rows still queued');
      // ... and can be requested again, so every row ends up processed.
      const afterRestart = await states(app, token2, ai.datasetId, ai.ids);
      const left = ai.ids.filter((_, i) => afterRestart[i] === 'none');
      await requestSuggestions(app, token2, ai.datasetId, left);
      await until(async () => (await processedRows(ai.datasetId)) === AI_ROWS, 600_000, 'rows left unprocessed after a re-request');

      const counts = await api(app, token2, 'GET', `/api/${mute.datasetId}/failed_rows?limit=1`);
      expect(counts.body.counts).toEqual(await recount(mute.datasetId));
      expect((await recount(mute.datasetId)).muted).toBe(MUTE_ROWS);
      const aiCounts = await api(app, token2, 'GET', `/api/${ai.datasetId}/failed_rows?limit=1`);
      expect(aiCounts.body.counts).toEqual(await recount(ai.datasetId));
      const credits = await creditsOf(app, token2, ai.datasetId);
      expect(credits).toBe(AI_ROWS);
      const status = await api(app, token2, 'GET', '/api/ai/processing/status');
      expect(status.body.data.queued).toBe(0);

      // The scan: whatever it wrote before the kill is counted honestly; a job killed in flight
      // reads as failed once its liveness window has passed, and a new scan then finds every
      // failing cell of the file exactly once.
      expect((await api(app, token2, 'GET', `/api/${scanned}/failed_rows?limit=1`)).body.counts).toEqual(await recount(scanned));
      let killedScan = await scanJob(app, token2, scanned, scanId);
      if (killedScan.status === 'queued' || killedScan.status === 'running') {
        await ageScanJob(scanned, scanId, STALE_AFTER_MS + 60_000);
        killedScan = await scanJob(app, token2, scanned, scanId);
        expect(killedScan).toMatchObject({ status: 'failed', error: ABANDONED_MESSAGE });
      }
      const rescan = await api(app, token2, 'POST', `/api/${scanned}/scan`);
      expect(rescan.status).toBe(202);
      await until(async () => ['succeeded', 'failed'].includes((await scanJob(app, token2, scanned, rescan.body.scanId)).status), 600_000, 'the new scan');
      expect(await scanJob(app, token2, scanned, rescan.body.scanId)).toMatchObject({ status: 'succeeded', rowsRead: SCAN_ROWS, failures: file.failing });
      expect(await recount(scanned)).toEqual({ open: file.failing, resolved: 0, muted: 0 });
      expect((await api(app, token2, 'GET', `/api/${scanned}/failed_rows?limit=1`)).body.counts).toEqual(await recount(scanned));
      console.log(JSON.stringify({ bench: 'crash-recount', metric: 'settled after a kill', iteration, moment, target, killAfterMs, processedAtKill: atKill.processed, mutedAtKill: atKill.muted, scanStatusAtKill: killedScan.status, scanOpenAtKill: atKill.scanOpen, reRequested: left.length, credits, errors: 0 }));
      await kill(app);
    },
    900_000,
  );
});
