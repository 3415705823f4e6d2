import { FREE_PLAN_MESSAGE } from '../../../../shared/plans';
import { makeIssue, testRef } from '../../../test-support/issue-fixtures';
import { MemoryAi } from '../../../test-support/memory-ai';
import { buildProfile } from '../../profile/build-profile';
import { builtinProvider } from '../builtin/builtin-provider';
import { ProviderUnavailable } from '../llm/retry';
import type { SuggestionProvider } from '../provider';
import { pauseProcessing, processingStatus, resetCounters, resumeProcessing, stopProcessing } from './controls';
import { generateNow } from './generate-now';
import { giveFeedback, } from './feedback';
import { processMessages, type WorkerDeps } from './process-messages';
import { readSuggestions } from './read-suggestions';
import { requestSuggestions } from './request-suggestions';

// The pipeline's guarantees, on the in-memory ports: after every scenario the credits in the
// ledger equal the distinct rows holding a stored suggestion.

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

function worker(ai: MemoryAi, provider: SuggestionProvider = builtinProvider): WorkerDeps {
  return { issues: ai, writer: ai, state: ai, context: ai, feedback: ai, provider, clock, providerTimeoutMs: 1000 };
}
const requestDeps = (ai: MemoryAi) => ({ issues: ai, writer: ai, state: ai, queue: ai, clock });
const controlDeps = (ai: MemoryAi) => ({ state: ai, ledger: ai, queue: ai, clock, dollarsPerCredit: 1 });

/** Delivers every sent message once (as the queue would), returning the batch result. */
async function deliver(ai: MemoryAi, deps = worker(ai)) {
  const batch = ai.sent.splice(0).map((message, i) => ({ id: `m${i}`, message }));
  return processMessages(deps, batch);
}

function assertBilledExactly(ai: MemoryAi) {
  expect(ai.credits()).toBe(ai.rowsWithSuggestion());
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
    const deps = { issues: ai, writer: ai, context: ai, feedback: ai, provider: builtinProvider, clock, providerTimeoutMs: 1000 };
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
    const later = { ...clock, now: () => new Date('2026-03-03T11:00:00.000Z') };
    const reset = await resetCounters({ ...controlDeps(ai), clock: later }, MEMBER);
    expect(reset).toMatchObject({ creditsUsed: 0, plan: { rowsThisMonth: 3 } });
    expect(ai.credits()).toBe(3);
  });

  it('dismisses a suggestion, keeps its credit and lowers its rule for the next rows', async () => {
    const ai = setup();
    await requestSuggestions(requestDeps(ai), testRef, ANA, ['I0']);
    await deliver(ai);
    const view = await giveFeedback({ issues: ai, writer: ai, feedback: ai, state: ai, clock }, testRef, ANA.email, { datasetId: testRef.datasetId, issueId: 'I0', feedback: 'dismissed' });
    expect(view).toMatchObject({ state: 'dismissed', suggestedValue: null });
    expect(ai.credits()).toBe(1);
    expect((await ai.ruleVotes()).get(ai.issues.get('I0')!.ai_rule!)).toEqual({ negative: 1, positive: 0 });
    const [state] = await readSuggestions({ issues: ai, state: ai, clock }, testRef, ['I0']);
    expect(state!.state).toBe('dismissed');
  });
});
