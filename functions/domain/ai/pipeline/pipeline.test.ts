import { FREE_PLAN_MESSAGE } from '../../../../shared/plans';
import { makeIssue, testRef } from '../../../test-support/issue-fixtures';
import { MemoryAi } from '../../../test-support/memory-ai';
import { buildProfile } from '../../profile/build-profile';
import { builtinProvider } from '../builtin/builtin-provider';
import { ProviderUnavailable } from '../llm/retry';
import type { SuggestionProvider, SuggestionRequest } from '../provider';
import { pauseProcessing, processingStatus, resetCounters, resumeProcessing, stopProcessing } from './controls';
import { generateNow } from './generate-now';
import { giveFeedback, } from './feedback';
import { processMessages, type WorkerDeps } from './process-messages';
import { readSuggestions } from './read-suggestions';
import { requestSuggestions } from './request-suggestions';

// The pipeline's guarantees, on the in-memory ports: after every scenario the credits in the
// ledger equal the distinct rows the provider processed to the end (a suggestion or a definite
// abstention; spec 1 §1, §9: credits equal processed rows).

const ANA = { email: 'ana@a.example', subscription: 'professional' as const };
const MEMBER = { orgId: testRef.organizationId, email: ANA.email, subscription: 'professional' as const };

let ids = 0;
const clock = { now: () => new Date('2026-03-03T10:00:00.000Z'), newId: () => `01JOB${String(++ids).padStart(21, '0')}` };

const CITIES = ['birmingham', 'dothan', 'huntsville'];
function setup(rows = 6) {
  const issues = Array.from({ length: rows }, (_, i) =>
    makeIssue({ issue_id: `I${i}`, record_id: `R${i}`, issue_column: 'city', current_value: `${CITIES[i % 3]!.slice(0, 3)}x${CITIES[i % 3]!.slice(4)}` }),
  );
  const ai = new MemoryAi(issues);
  ai.profileOf = buildProfile(Array.from({ length: 60 }, (_, i) => ({ city: CITIES[i % 3]!, zip: String(35000 + (i % 3)) })));
  return ai;
}

/** 30 s visibility, 5 receives: a job's lease is 150 s from its start or its last receive. */
const lease = { visibilityMs: 30_000, maxReceiveCount: 5 };
function worker(ai: MemoryAi, provider: SuggestionProvider = builtinProvider, at = clock): WorkerDeps {
  return { issues: ai, writer: ai, state: ai, context: ai, feedback: ai, provider, clock: at, providerTimeoutMs: 1000, lease };
}
const requestDeps = (ai: MemoryAi, at = clock) => ({ issues: ai, writer: ai, state: ai, queue: ai, clock: at, lease });
const controlDeps = (ai: MemoryAi, at = clock) => ({ state: ai, ledger: ai, queue: ai, clock: at, dollarsPerCredit: 1, lease });
const readDeps = (ai: MemoryAi, at = clock) => ({ issues: ai, state: ai, clock: at, lease });
const later = (ms: number) => ({ ...clock, now: () => new Date(clock.now().getTime() + ms) });

/** Delivers every sent message once (as the queue would), returning the batch result. */
async function deliver(ai: MemoryAi, deps = worker(ai)) {
  const batch = ai.sent.splice(0).map((message, i) => ({ id: `m${i}`, message }));
  return processMessages(deps, batch);
}

function assertBilledExactly(ai: MemoryAi) {
  expect(ai.credits()).toBe(ai.rowsProcessed());
}

describe('AI pipeline', () => {
  it('queues the open rows without a suggestion and charges one credit per stored suggestion', async () => {
    // Prepare
    const ai = setup();
    // Act
    const response = await requestSuggestions(requestDeps(ai), testRef, ANA, ['I0', 'I1', 'I2']);
    const result = await deliver(ai);
    // Assess
    expect(response).toMatchObject({ queued: 3, skipped: 0, total: 3 });
    expect([...result.outcomes.values()]).toEqual(['stored', 'stored', 'stored']);
    expect(ai.issues.get('I0')!.ai_suggestion).toMatchObject({ suggestedValue: 'birmingham' });
    expect(ai.credits()).toBe(3);
    assertBilledExactly(ai);
  });

  it('asks the provider with the row\'s source record and the two records either side of it in the file', async () => {
    const ai = setup();
    for (let i = 0; i < 6; i++) ai.records.set(`R${i}`, { opportunity_id: `R${i}`, city: CITIES[i % 3]!, year: String(2000 + i) });
    const asked: SuggestionRequest[] = [];
    const capture: SuggestionProvider = { name: 'builtin', model: 'capture', suggest: async (request) => (asked.push(request), builtinProvider.suggest(request)) };
    await requestSuggestions(requestDeps(ai), testRef, ANA, ['I2']);
    await deliver(ai, worker(ai, capture));
    expect(asked).toHaveLength(1);
    expect(asked[0]!.issue.row).toMatchObject({ opportunity_id: 'R2' });
    expect(asked[0]!.issue.neighbours).toEqual({ previousButOne: ai.records.get('R0'), previous: ai.records.get('R1'), next: ai.records.get('R3'), nextButOne: ai.records.get('R4') });
  });

  it('never queues a row twice while it is loading or once it has a suggestion', async () => {
    const ai = setup();
    await requestSuggestions(requestDeps(ai), testRef, ANA, ['I0', 'I1']);
    const second = await requestSuggestions(requestDeps(ai), testRef, ANA, ['I0', 'I1', 'I2']);
    expect(second).toMatchObject({ queued: 1, skipped: 2 });
    await deliver(ai);
    const third = await requestSuggestions(requestDeps(ai), testRef, ANA, ['I0', 'I1', 'I2']);
    expect(third).toMatchObject({ queued: 0, skipped: 3 });
    assertBilledExactly(ai);
  });

  it('charges once for duplicated and redelivered messages', async () => {
    const ai = setup();
    await requestSuggestions(requestDeps(ai), testRef, ANA, ['I0', 'I1']);
    const messages = [...ai.sent];
    // The queue delivers every message twice in one batch, then once more later.
    ai.sent.push(...messages);
    await deliver(ai);
    ai.sent.push(...messages);
    const later = await deliver(ai);
    expect([...later.outcomes.values()]).toEqual(['skipped', 'skipped']);
    expect(ai.credits()).toBe(2);
    assertBilledExactly(ai);
  });

  it('charges nothing for a crash between the provider answer and the write, and once on redelivery', async () => {
    const ai = setup();
    await requestSuggestions(requestDeps(ai), testRef, ANA, ['I0']);
    const messages = [...ai.sent];
    ai.beforeStore = () => {
      throw new Error('worker crashed');
    };
    const crashed = await deliver(ai);
    expect(crashed.failed).toEqual(['m0']);
    expect(ai.credits()).toBe(0);
    ai.beforeStore = undefined;
    ai.sent.push(...messages);
    await deliver(ai);
    expect(ai.credits()).toBe(1);
    assertBilledExactly(ai);
  });

  it('works from the row as queued, and reads a row afresh that changed meanwhile', async () => {
    const ai = setup();
    await requestSuggestions(requestDeps(ai), testRef, ANA, ['I0', 'I1']);
    expect(ai.sent.every((m) => m.snapshot?.ai_status === 'queued')).toBe(true);
    // A re-scan found a new value for I1 after it was queued.
    Object.assign(ai.issues.get('I1')!, { current_value: 'hunxsville', version: 2 });
    const result = await deliver(ai);
    expect([...result.outcomes.values()]).toEqual(['stored', 'stored']);
    expect(ai.issues.get('I1')!.ai_suggestion).toMatchObject({ suggestedValue: 'huntsville' });
    expect(ai.credits()).toBe(2);
    assertBilledExactly(ai);
  });

  it('starts a row only while an answer and the write fit in the time left, and gives the others back', async () => {
    const ai = setup();
    await requestSuggestions(requestDeps(ai), testRef, ANA, ['I0', 'I1', 'I2', 'I3', 'I4', 'I5']);
    const messages = [...ai.sent];
    // Time enough for three rows, then 2 s left: less than the 1 s answer deadline plus the write reserve.
    let started = 0;
    const result = await deliver(ai, { ...worker(ai), remainingMs: () => (started++ < 3 ? 60_000 : 2_000) });
    expect([...result.outcomes.values()]).toEqual(['stored', 'stored', 'stored']);
    expect(result.failed).toHaveLength(3);
    expect(ai.credits()).toBe(3);
    // The rows given back stay queued, uncharged, and are done when their messages come back.
    const givenBack = messages.filter((_, i) => result.failed.includes(`m${i}`));
    expect(givenBack.map((m) => ai.issues.get(m.issueId)!.ai_status)).toEqual(['queued', 'queued', 'queued']);
    ai.sent.push(...givenBack);
    await deliver(ai);
    expect(ai.credits()).toBe(6);
    assertBilledExactly(ai);
  });

  it('leaves a row without suggestion and charges nothing when the provider times out', async () => {
    const ai = setup();
    const slow: SuggestionProvider = { name: 'openai', model: 'slow', suggest: () => Promise.reject(new ProviderUnavailable('The AI provider timed out.', 3)) };
    await requestSuggestions(requestDeps(ai), testRef, ANA, ['I0', 'I1']);
    const result = await deliver(ai, worker(ai, slow));
    expect([...result.outcomes.values()]).toEqual(['failed', 'failed']);
    expect(result.failed).toEqual([]);
    expect(ai.issues.get('I0')!.ai_status).toBe('failed');
    expect(ai.credits()).toBe(0);
    assertBilledExactly(ai);
  });

  it('parks the work of a paused user and processes it on Resume', async () => {
    const ai = setup();
    await requestSuggestions(requestDeps(ai), testRef, ANA, ['I0', 'I1']);
    await pauseProcessing(controlDeps(ai), MEMBER);
    const paused = await deliver(ai);
    expect([...paused.outcomes.values()]).toEqual(['parked', 'parked']);
    expect(ai.credits()).toBe(0);
    // Asked while paused: parked straight away.
    await requestSuggestions(requestDeps(ai), testRef, ANA, ['I2']);
    expect(ai.sent).toHaveLength(0);
    expect((await processingStatus(controlDeps(ai), MEMBER)).status).toBe('idle');
    await resumeProcessing(controlDeps(ai), MEMBER);
    await deliver(ai);
    expect(ai.credits()).toBe(3);
    assertBilledExactly(ai);
  });

  it('drops the queued work of a user who stops, and lets the rows be asked again', async () => {
    const ai = setup();
    await requestSuggestions(requestDeps(ai), testRef, ANA, ['I0', 'I1']);
    await stopProcessing(controlDeps(ai), MEMBER);
    const result = await deliver(ai);
    expect([...result.outcomes.values()]).toEqual(['dropped', 'dropped']);
    expect(ai.credits()).toBe(0);
    const again = await requestSuggestions(requestDeps(ai), testRef, ANA, ['I0', 'I1']);
    expect(again.queued).toBe(2);
    await deliver(ai);
    expect(ai.credits()).toBe(2);
    assertBilledExactly(ai);
  });

  it('refuses the Free plan with 402 and a clear message', async () => {
    const ai = setup();
    await expect(requestSuggestions(requestDeps(ai), testRef, { ...ANA, subscription: 'free' }, ['I0'])).rejects.toMatchObject({ status: 402, message: FREE_PLAN_MESSAGE });
    expect(ai.sent).toHaveLength(0);
    assertBilledExactly(ai);
  });

  it('charges each row once when concurrent batches ask for the same rows', async () => {
    const ai = setup();
    const [a, b] = await Promise.all([
      requestSuggestions(requestDeps(ai), testRef, ANA, ['I0', 'I1', 'I2']),
      requestSuggestions(requestDeps(ai), testRef, { ...ANA, email: 'ben@a.example' }, ['I1', 'I2', 'I3']),
    ]);
    expect(a.queued + b.queued).toBe(4);
    await deliver(ai);
    expect(ai.credits()).toBe(4);
    assertBilledExactly(ai);
  });

  it('answers a synchronous request with one credit, and the same suggestion again for free', async () => {
    const ai = setup();
    const deps = { issues: ai, writer: ai, context: ai, feedback: ai, provider: builtinProvider, clock, providerTimeoutMs: 1000, lease };
    const first = await generateNow(deps, testRef, ANA, 'I1');
    const second = await generateNow(deps, testRef, ANA, 'I1');
    expect(first).toMatchObject({ suggestion: 'dothan', charged: true });
    expect(second).toMatchObject({ suggestion: 'dothan', charged: false });
    expect(ai.credits()).toBe(1);
    assertBilledExactly(ai);
  });

  it('reports queued rows, credits and dollars, and starts the figures afresh on Reset Counters', async () => {
    const ai = setup();
    await requestSuggestions(requestDeps(ai), testRef, ANA, ['I0', 'I1', 'I2']);
    expect(await processingStatus(controlDeps(ai), MEMBER)).toMatchObject({ status: 'active', queued: 3, creditsUsed: 0 });
    await deliver(ai);
    expect(await processingStatus(controlDeps(ai), MEMBER)).toMatchObject({ queued: 0, creditsUsed: 3, rowsProcessed: 3, dollarsUsed: '$3.00', plan: { name: 'Teams', rowsThisMonth: 3 } });
    const reset = await resetCounters(controlDeps(ai, later(3_600_000)), MEMBER);
    expect(reset).toMatchObject({ creditsUsed: 0, plan: { rowsThisMonth: 3 } });
    expect(ai.credits()).toBe(3);
  });

  it('dismisses a suggestion, keeps its credit and lowers its rule for the next rows', async () => {
    const ai = setup();
    await requestSuggestions(requestDeps(ai), testRef, ANA, ['I0']);
    await deliver(ai);
    const view = await giveFeedback({ issues: ai, writer: ai, feedback: ai, state: ai, clock, lease }, testRef, ANA.email, { datasetId: testRef.datasetId, issueId: 'I0', feedback: 'dismissed' });
    expect(view).toMatchObject({ state: 'dismissed', suggestedValue: null });
    expect(ai.credits()).toBe(1);
    expect((await ai.ruleVotes()).get(ai.issues.get('I0')!.ai_rule!)).toEqual({ negative: 1, positive: 0 });
    const [state] = await readSuggestions(readDeps(ai), testRef, ['I0']);
    expect(state!.state).toBe('dismissed');
  });

  it('charges one credit per row processed to the end: a suggestion or a definite abstention, never a failure', async () => {
    // Prepare: 15 rows; the provider suggests for 3, abstains on 10 and fails on 2.
    const ai = setup(15);
    const mixed: SuggestionProvider = {
      name: 'builtin',
      model: 'test',
      suggest: async ({ issue }) => {
        const i = Number(String(issue.current_value).slice(1));
        if (i < 3) return { kind: 'suggestion', suggestedValue: 'fixed', confidence: 0.9, reasoning: 'r', rule: 'test' };
        if (i < 13) return { kind: 'abstain', reason: 'No confident suggestion.' };
        throw new ProviderUnavailable('The AI provider timed out.', 3);
      },
    };
    ai.issues.forEach((issue, id) => (issue.current_value = `v${id.slice(1)}`));
    // Act
    await requestSuggestions(requestDeps(ai), testRef, ANA, [...ai.issues.keys()]);
    const messages = [...ai.sent];
    const result = await deliver(ai, worker(ai, mixed));
    ai.sent.push(...messages);
    await deliver(ai, worker(ai, mixed));
    // Assess: 13 processed rows, 13 credits, also after every message came again.
    const counts = [...result.outcomes.values()].reduce<Record<string, number>>((c, o) => ({ ...c, [o]: (c[o] ?? 0) + 1 }), {});
    expect(counts).toEqual({ stored: 3, abstained: 10, failed: 2 });
    expect(ai.credits()).toBe(13);
    expect([...ai.ledger.values()].filter((e) => e.outcome === 'abstained')).toHaveLength(10);
    expect(ai.issues.get('I5')!.ai_status).toBe('abstained');
    const [view] = await readSuggestions(readDeps(ai), testRef, ['I5']);
    expect(view).toMatchObject({ state: 'abstained', reasoning: 'No confident suggestion.' });
    expect(await processingStatus(controlDeps(ai), MEMBER)).toMatchObject({ creditsUsed: 13, rowsProcessed: 13 });
    assertBilledExactly(ai);
  });

  it('charges an abstention of the synchronous route once, and a failure not at all', async () => {
    const ai = setup();
    const abstaining: SuggestionProvider = { name: 'builtin', model: 'test', suggest: async () => ({ kind: 'abstain', reason: 'No confident suggestion.' }) };
    const failing: SuggestionProvider = { name: 'openai', model: 'x', suggest: () => Promise.reject(new ProviderUnavailable('down', 3)) };
    const deps = { issues: ai, writer: ai, context: ai, feedback: ai, clock, providerTimeoutMs: 1000 };
    expect(await generateNow({ ...deps, provider: failing }, testRef, ANA, 'I1')).toMatchObject({ suggestion: null, charged: false });
    expect(await generateNow({ ...deps, provider: abstaining }, testRef, ANA, 'I2')).toMatchObject({ suggestion: null, charged: true });
    expect(ai.credits()).toBe(1);
    assertBilledExactly(ai);
  });

  it('holds queued rows under the job lease, and frees them once every message of the job is gone', async () => {
    // Prepare: three rows queued, then the queue loses every message (a crash of the local stack).
    const ai = setup();
    await requestSuggestions(requestDeps(ai), testRef, ANA, ['I0', 'I1', 'I2']);
    ai.sent.length = 0;
    // Within the lease (5 receives x 30 s): still loading, counted as queued, not asked again.
    const within = later(149_000);
    expect(await requestSuggestions(requestDeps(ai, within), testRef, ANA, ['I0', 'I1', 'I2'])).toMatchObject({ queued: 0, skipped: 3 });
    expect(await processingStatus(controlDeps(ai, within), MEMBER)).toMatchObject({ queued: 3 });
    expect((await readSuggestions(readDeps(ai, within), testRef, ['I0']))[0]!.state).toBe('queued');
    // Past the lease: no longer queued anywhere, and asked again they are processed and charged once.
    const past = later(151_000);
    expect((await readSuggestions(readDeps(ai, past), testRef, ['I0']))[0]!.state).toBe('none');
    expect(await processingStatus(controlDeps(ai, past), MEMBER)).toMatchObject({ queued: 0, activeJobs: 0 });
    expect(await requestSuggestions(requestDeps(ai, past), testRef, ANA, ['I0', 'I1', 'I2'])).toMatchObject({ queued: 3 });
    await deliver(ai, worker(ai, builtinProvider, past));
    expect(ai.rowsQueued()).toBe(0);
    expect(ai.credits()).toBe(3);
    assertBilledExactly(ai);
  });

  it('renews the lease on every receive, so rows still in the queue are never asked twice', async () => {
    const ai = setup();
    await requestSuggestions(requestDeps(ai), testRef, ANA, ['I0', 'I1']);
    const [first, second] = ai.sent.splice(0);
    // The first message is received 140 s later (a deep queue) for the 2nd time: the lease now
    // runs 4 visibility timeouts from then.
    await processMessages(worker(ai, builtinProvider, later(140_000)), [{ id: 'm0', message: first!, receiveCount: 2 }]);
    const job = [...ai.jobs.values()][0]!;
    expect(job.leaseUntil).toBe(new Date(clock.now().getTime() + 140_000 + 4 * 30_000).toISOString());
    // At 200 s the second row is still leased (its message may yet come).
    expect(await requestSuggestions(requestDeps(ai, later(200_000)), testRef, ANA, ['I1'])).toMatchObject({ queued: 0 });
    await processMessages(worker(ai, builtinProvider, later(200_000)), [{ id: 'm1', message: second!, receiveCount: 1 }]);
    expect(ai.credits()).toBe(2);
    assertBilledExactly(ai);
  });

  it('leaves no queued row without a lease when the request crashes between its writes', async () => {
    const ai = setup();
    ai.markQueued = async () => {
      throw new Error('crashed after the job was written');
    };
    await expect(requestSuggestions(requestDeps(ai), testRef, ANA, ['I0', 'I1'])).rejects.toThrow('crashed');
    // The job exists with its lease, its rows were never marked: nothing counts as queued once it ran out.
    expect([...ai.jobs.values()][0]!.leaseUntil).toBeDefined();
    expect(await processingStatus(controlDeps(ai, later(151_000)), MEMBER)).toMatchObject({ queued: 0 });
  });

  it('writes an uncharged outcome and the row status together: a crash leaves neither', async () => {
    const ai = setup();
    const failing: SuggestionProvider = { name: 'openai', model: 'x', suggest: () => Promise.reject(new ProviderUnavailable('down', 3)) };
    await requestSuggestions(requestDeps(ai), testRef, ANA, ['I0']);
    const messages = [...ai.sent];
    ai.beforeOutcome = () => {
      throw new Error('worker crashed');
    };
    const crashed = await deliver(ai, worker(ai, failing));
    expect(crashed.failed).toEqual(['m0']);
    expect(ai.outcomes.size).toBe(0);
    expect(ai.issues.get('I0')!.ai_status).toBe('queued');
    ai.beforeOutcome = undefined;
    ai.sent.push(...messages);
    await deliver(ai, worker(ai, failing));
    expect(ai.outcomes.get(`${messages[0]!.jobId}/I0`)).toBe('failed');
    expect(ai.issues.get('I0')!.ai_status).toBe('failed');
    expect(ai.credits()).toBe(0);
  });
});
