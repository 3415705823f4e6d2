import type { Context, SQSEvent } from 'aws-lambda';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { SuggestionMessage } from '../../functions/domain/ai/pipeline/records';
import { FREE_PLAN_MESSAGE } from '../../shared/plans';
import { call, tokenFor, users } from '../support/api';
import { createAiDataset, processedRows, typo } from '../support/ai';
import { FIXTURE_INSTANCE, readAllIssues } from '../support/fixtures';

// The AI pipeline end to end on the local stack: the batch route queues rows, the in-process queue
// (SQS semantics) feeds the worker handler, suggestions land on the rows and each stored
// suggestion is charged exactly once in the ledger.

const CITIES = ['birmingham', 'huntsville', 'montgomery'];
const INSTANCE = FIXTURE_INSTANCE.instanceId;

const aiDataset = (rows: number, valueAt?: (i: number) => string) => createAiDataset({ rows, cities: CITIES, owner: users.owner, ...(valueAt ? { valueAt } : {}) });

async function waitFor<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function views(token: string, datasetId: string, ids: string[]) {
  return (await call('GET', `/api/${datasetId}/suggestions?ids=${ids.join(',')}`, { token, instanceId: INSTANCE })).body.data as Array<{ issueId: string; state: string; suggestedValue: string | null }>;
}

/** Ledger credits of the dataset vs rows that hold a stored suggestion (read from the table). */
async function billing(token: string, datasetId: string) {
  const usage = await call('GET', `/api/ai/usage/${FIXTURE_INSTANCE.organizationId}?groupBy=dataset`, { token });
  const credits = (usage.body.data.usage as Array<{ key: string; credits: number }>).find((u) => u.key === `${INSTANCE}/${datasetId}`)?.credits ?? 0;
  const stored = (await readAllIssues(datasetId)).filter((i) => (i as { ai_suggestion?: unknown }).ai_suggestion).length;
  return { credits, stored };
}

/** Rows the provider processed to the end: a suggestion or a definite abstention. */
describe('AI suggestions pipeline', () => {
  let token: string;
  beforeAll(async () => {
    token = await tokenFor(users.owner);
  });

  it('queues the rows, stores suggestions and charges one credit per row', async () => {
    const { datasetId, ids } = await aiDataset(6);
    const res = await call('POST', '/api/ai/recommendations/batch', { token, instanceId: INSTANCE, body: { issues: ids, context: { datasetId } } });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ success: true, queued: 6, skipped: 0, total: 6 });
    const done = await waitFor(() => views(token, datasetId, ids), (v) => v.every((x) => x.state === 'ready'));
    expect(done.map((v) => v.suggestedValue)).toEqual(ids.map((_, i) => CITIES[i % 3]));
    const { credits, stored } = await billing(token, datasetId);
    expect(stored).toBe(6);
    expect(credits).toBe(6);
  });

  it('charges one credit per processed row: suggestions and definite abstentions alike', async () => {
    // Even rows hold a typo the builtin provider fixes; odd rows a value it abstains on.
    const { datasetId, ids } = await aiDataset(6, (i) => (i % 2 === 0 ? typo(CITIES[i % 3]!) : `zz${i}qq`));
    const res = await call('POST', '/api/ai/recommendations/batch', { token, instanceId: INSTANCE, body: { issues: ids, context: { datasetId } } });
    expect(res.body).toMatchObject({ queued: 6 });
    const done = await waitFor(() => views(token, datasetId, ids), (v) => v.every((x) => x.state !== 'queued'));
    expect(done.map((v) => v.state)).toEqual(['ready', 'abstained', 'ready', 'abstained', 'ready', 'abstained']);
    const { credits, stored } = await billing(token, datasetId);
    expect(stored).toBe(3);
    expect(credits).toBe(6);
    expect(await processedRows(datasetId)).toBe(credits);
  });

  it('accepting a suggestion resolves the row without another charge', async () => {
    const { datasetId, ids } = await aiDataset(2);
    await call('POST', '/api/ai/recommendations/batch', { token, instanceId: INSTANCE, body: { issues: ids, context: { datasetId } } });
    await waitFor(() => views(token, datasetId, ids), (v) => v.every((x) => x.state === 'ready'));
    const [row] = (await readAllIssues(datasetId)).filter((i) => i.issue_id === ids[0]);
    const accepted = await call('POST', `/api/${datasetId}/resolve/${ids[0]}`, {
      token,
      instanceId: INSTANCE,
      body: { resolution: { method: 'accept_suggestion', suggestion: 'birmingham', confidence: 90, reasoning: 'AI' }, version: row!.version },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ status: 'resolved', current_value: 'birmingham', resolution_method: 'accept_suggestion' });
    expect(await billing(token, datasetId)).toEqual({ credits: 2, stored: 2 });
  });

  it('charges each row once when concurrent batches ask for the same rows', async () => {
    const { datasetId, ids } = await aiDataset(8);
    const [a, b] = await Promise.all([
      call('POST', '/api/ai/recommendations/batch', { token, instanceId: INSTANCE, body: { issues: ids.slice(0, 6), context: { datasetId } } }),
      call('POST', '/api/ai/recommendations/batch', { token: await tokenFor(users.demoAdmin), instanceId: INSTANCE, body: { issues: ids.slice(2), context: { datasetId } } }),
    ]);
    expect(a.body.queued + b.body.queued).toBe(8);
    await waitFor(() => views(token, datasetId, ids), (v) => v.every((x) => x.state === 'ready'));
    expect(await billing(token, datasetId)).toEqual({ credits: 8, stored: 8 });
  });

  it('pauses on the server and processes the parked rows on Resume', async () => {
    const analyst = await tokenFor(users.analyst);
    const { datasetId, ids } = await aiDataset(3);
    const paused = await call('POST', '/api/ai/processing/pause', { token: analyst });
    expect(paused.body.data).toMatchObject({ status: 'idle', paused: true });
    const res = await call('POST', '/api/ai/recommendations/batch', { token: analyst, instanceId: INSTANCE, body: { issues: ids, context: { datasetId } } });
    expect(res.body).toMatchObject({ queued: 3, paused: true });
    await new Promise((r) => setTimeout(r, 1000));
    expect((await views(analyst, datasetId, ids)).map((v) => v.state)).toEqual(['queued', 'queued', 'queued']);
    expect((await billing(token, datasetId)).credits).toBe(0);
    const resumed = await call('POST', '/api/ai/processing/resume', { token: analyst });
    expect(resumed.body.data).toMatchObject({ status: 'active', paused: false });
    await waitFor(() => views(analyst, datasetId, ids), (v) => v.every((x) => x.state === 'ready'));
    expect(await billing(token, datasetId)).toEqual({ credits: 3, stored: 3 });
  });

  it('refuses the Free plan with 402 and a clear message', async () => {
    const res = await call('POST', '/api/ai/recommendations/batch', { token: await tokenFor(users.northwindAdmin), instanceId: 'inst_northwind_prod', body: { issues: ['ANY'], context: { datasetId: 'orders' } } });
    expect(res.status).toBe(402);
    expect(res.body).toEqual(expect.objectContaining({ success: false, error: FREE_PLAN_MESSAGE }));
  });

  it('answers a synchronous request with one credit', async () => {
    const { datasetId, ids } = await aiDataset(1);
    const res = await call('POST', '/api/ai/recommendations/generate', { token, instanceId: INSTANCE, body: { issue: ids[0], context: { datasetId } } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ suggestion: 'birmingham', charged: true });
    expect(res.body.data.confidence).toBeGreaterThan(50);
    const again = await call('POST', '/api/ai/recommendations/generate', { token, instanceId: INSTANCE, body: { issue: { issue_id: ids[0] }, context: { datasetId } } });
    expect(again.body.data).toMatchObject({ suggestion: 'birmingham', charged: false });
    expect(await billing(token, datasetId)).toEqual({ credits: 1, stored: 1 });
  });

  it('names the invalid field in a 400', async () => {
    const res = await call('POST', '/api/ai/recommendations/batch', { token, instanceId: INSTANCE, body: { issues: [], context: {} } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.details)).toContain('issues');
    expect(JSON.stringify(res.body.details)).toContain('context.datasetId');
  });

  it('lists the providers and reports health', async () => {
    const providers = await call('GET', '/api/ai/providers', { token });
    expect(providers.body.providers.map((p: { name: string }) => p.name)).toEqual(['builtin', 'bedrock', 'openai']);
    const health = await call('GET', '/api/ai/health', { token });
    expect(health.body).toMatchObject({ success: true, status: 'healthy', provider: { name: 'builtin' } });
  });
});

describe('AI worker on DynamoDB Local', () => {
  it('charges once for redelivered and duplicated messages and nothing for a crash before the write', async () => {
    Object.assign(process.env, inject('stackEnv'));
    const { handler } = await import('../../functions/worker/suggestions-worker');
    const { aiRepository } = await import('../../functions/adapters/dynamodb/ai-repository');
    const token = await tokenFor(users.demoAdmin);
    const { datasetId, ids } = await aiDataset(2);
    // Queue the rows through the route while their requester is paused: the stack's own worker
    // parks those messages, and this test delivers its own copies to the worker handler.
    await call('POST', '/api/ai/processing/pause', { token });
    try {
      expect((await call('POST', '/api/ai/recommendations/batch', { token, instanceId: INSTANCE, body: { issues: ids, context: { datasetId } } })).body.queued).toBe(2);
      const rows = await readAllIssues(datasetId);
      const message = (issueId: string): SuggestionMessage => ({
        v: 1,
        orgId: FIXTURE_INSTANCE.organizationId,
        instanceId: INSTANCE,
        datasetId,
        issueId,
        jobId: (rows.find((i) => i.issue_id === issueId) as { ai_job?: string }).ai_job!,
        user: 'worker.probe@democorp.example',
        generation: 0,
        enqueuedAt: new Date().toISOString(),
      });
      const event = (bodies: SuggestionMessage[]): SQSEvent => ({ Records: bodies.map((b, i) => ({ messageId: `m${i}`, body: JSON.stringify(b) }) as SQSEvent['Records'][number]) });
      const ledger = async () => (await aiRepository.list(FIXTURE_INSTANCE.organizationId, { user: 'worker.probe@democorp.example' })).filter((e) => e.datasetId === datasetId).length;

      // A crash between the provider's answer and the write: the message fails, nothing is charged.
      const store = aiRepository.storeProcessed;
      aiRepository.storeProcessed = async () => {
        throw new Error('crash');
      };
      const crashed = await handler(event([message(ids[0]!)]));
      aiRepository.storeProcessed = store;
      expect(crashed.batchItemFailures).toEqual([{ itemIdentifier: 'm0' }]);
      expect(await ledger()).toBe(0);

      // An invocation about to be stopped starts no row: the message comes back, nothing is charged.
      const closing = { functionName: 'suggestions-worker', functionVersion: '$LATEST', invokedFunctionArn: 'arn:aws:lambda:eu-west-1:000000000000:function:suggestions-worker', memoryLimitInMB: '1024', awsRequestId: 'closing', logGroupName: 'g', logStreamName: 's', getRemainingTimeInMillis: () => 1_000 } as unknown as Context;
      expect((await handler(event([message(ids[0]!)]), closing)).batchItemFailures).toEqual([{ itemIdentifier: 'm0' }]);
      expect(await ledger()).toBe(0);

      // The redelivery, duplicated within one batch, then delivered once more.
      expect((await handler(event([message(ids[0]!), message(ids[0]!), message(ids[1]!)]))).batchItemFailures).toEqual([]);
      expect((await handler(event([message(ids[0]!), message(ids[1]!)]))).batchItemFailures).toEqual([]);
      const stored = (await readAllIssues(datasetId)).filter((i) => (i as { ai_suggestion?: unknown }).ai_suggestion).length;
      expect(stored).toBe(2);
      expect(await ledger()).toBe(2);
    } finally {
      await call('POST', '/api/ai/processing/stop', { token });
      await call('POST', '/api/ai/processing/resume', { token });
    }
  });
});
