import { describe, expect, it } from 'vitest';
import { makeIssue, testRef } from '../test-support/issue-fixtures';
import { MemoryAi } from '../test-support/memory-ai';
import { requestSuggestions } from '../domain/ai/pipeline/request-suggestions';
import { readMessage } from './suggestions-worker';

// The worker reads each queue message through its schema. The row's snapshot the batch route puts
// in the message must come through whole (without it the worker reads every row again), and only
// for the message's own row.

const ANA = { email: 'ana@hives.example', subscription: 'professional' as const };
const clock = { now: () => new Date('2026-05-04T08:00:00.000Z'), newId: () => '01JOBHIVES0000000000000001' };
const lease = { visibilityMs: 30_000, maxReceiveCount: 5 };

async function queuedMessages() {
  const ai = new MemoryAi([
    makeIssue({ issue_id: 'H1', record_id: 'hive-1', issue_column: 'apiary', current_value: 'Nort Meadow' }),
    makeIssue({
      issue_id: 'H2',
      record_id: 'hive-2',
      issue_column: 'queen_year',
      current_value: '20x4',
      taxonomy: {
        dimension: { key: 'consistency', description: 'Values follow the rules' },
        subcategory: { name: 'Format', description: 'A year has four digits', priority: 'high', automationPotential: 0.8 },
      },
    }),
  ]);
  await requestSuggestions({ issues: ai, writer: ai, state: ai, queue: ai, clock, lease }, testRef, ANA, ['H1', 'H2']);
  return ai.sent.splice(0);
}

describe('suggestions worker messages', () => {
  it('keeps the snapshot the batch route queued, every field of it', async () => {
    const sent = await queuedMessages();
    expect(sent).toHaveLength(2);
    for (const message of sent) {
      expect(message.snapshot).toBeDefined();
      expect(readMessage(JSON.stringify(message))).toEqual(message);
    }
  });

  it("leaves out a snapshot of another row or dataset, or one it cannot read, and keeps the message", async () => {
    const [first, second] = await queuedMessages();
    const { snapshot: _drop, ...bare } = first!;
    expect(readMessage(JSON.stringify({ ...first, snapshot: second!.snapshot }))).toEqual(bare);
    expect(readMessage(JSON.stringify({ ...first, snapshot: { ...first!.snapshot, dataset_id: 'other' } }))).toEqual(bare);
    expect(readMessage(JSON.stringify({ ...first, snapshot: { ...first!.snapshot, version: 'one' } }))).toEqual(bare);
    expect(readMessage(JSON.stringify({ ...first, snapshot: { ...first!.snapshot, name: 'n'.repeat(5_000) } }))).toEqual(bare);
    expect(readMessage(JSON.stringify(bare))).toEqual(bare);
  });

  it('refuses a message without its row, or with an overlong field', async () => {
    const [first] = await queuedMessages();
    const { issueId: _drop, ...noRow } = first!;
    expect(() => readMessage(JSON.stringify(noRow))).toThrow();
    expect(() => readMessage(JSON.stringify({ ...first, jobId: 'j'.repeat(201) }))).toThrow();
    expect(() => readMessage(JSON.stringify({ ...first, user: `${'u'.repeat(320)}@hives.example` }))).toThrow();
  });
});
