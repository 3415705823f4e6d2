import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { describe, expect, inject, it } from 'vitest';
import type { ProcessedRow } from '../../functions/domain/ai/pipeline/ports';
import type { AiIssue, CreditEntry } from '../../functions/domain/ai/pipeline/records';
import * as keys from '../../functions/adapters/dynamodb/keys';
import { createIssueDataset, fixtureDoc } from '../support/fixtures';

// The credit ledger on DynamoDB Local: the rows of one job charged in one transaction share one
// ledger item, and every reader (credits by user and range, job progress, the dashboard's credits,
// the public count of processed rows) reads one credit per row from it — also from entries written
// one per row before groups existed. A redelivered row is never charged twice.

describe('credit ledger', () => {
  it('charges each processed row once, in one ledger item per job, and reads one credit per row', async () => {
    Object.assign(process.env, inject('stackEnv'));
    const { aiRepository } = await import('../../functions/adapters/dynamodb/ai-repository');
    const { dashboardRepository } = await import('../../functions/adapters/dynamodb/dashboard-repository');
    const { statsSource } = await import('../../functions/adapters/dynamodb/marketing-repository');

    // An organization of its own, so that its ledger holds only this test's credits.
    const at = { organizationId: `org_ledger_${ulid().toLowerCase()}`, instanceId: 'inst_ledger' };
    const { datasetId, issues } = await createIssueDataset({ issues: 8, build: () => ({ status: 'open' }), at });
    const ref = { ...at, datasetId };
    const user = 'pilot@harbour.example';
    const [jobA, jobB] = [ulid(), ulid()];
    const read = async (ids: string[]) => {
      const found = await aiRepository.getIssues(ref, ids);
      return ids.map((id) => found.get(id)!);
    };
    const processed = (issue: AiIssue, jobId: string, outcome: 'stored' | 'abstained'): ProcessedRow => {
      const credit: CreditEntry = { orgId: at.organizationId, instanceId: at.instanceId, datasetId, issueId: issue.issue_id, jobId, user, credits: 1, chargedAt: new Date().toISOString(), provider: 'builtin', model: 'rules', outcome };
      return outcome === 'stored'
        ? { outcome, suggestion: { suggestedValue: 'Varnholm', confidence: 80, reasoning: 'probe' }, rule: 'probe', provider: 'builtin', credit }
        : { outcome, reason: 'probe', provider: 'builtin', credit };
    };
    const ids = issues.map((i) => i.issue_id);

    // Job A asked for six rows: until some are done, all six are queued on the dashboard.
    await aiRepository.putJob({ jobId: jobA, orgId: at.organizationId, instanceId: at.instanceId, datasetId, user, generation: 0, total: 6, createdAt: new Date().toISOString(), finished: false, leaseUntil: new Date(Date.now() + 60_000).toISOString() });
    expect(await dashboardRepository.rowsQueuedForAi(at)).toBe(6);

    // Five rows of two jobs in one write, interleaved.
    const first = await read(ids.slice(0, 5));
    const batch = first.map((issue, i) => ({ issue, processed: processed(issue, i % 2 === 0 ? jobA : jobB, i === 4 ? 'abstained' : 'stored') }));
    const written = await aiRepository.storeProcessed(ref, batch);
    expect([...written.values()]).toEqual(Array(5).fill('written'));

    const { doc, table } = fixtureDoc();
    const ledger = keys.creditLedger(at.organizationId);
    const items = async () => (await doc.send(new QueryCommand({ TableName: table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': ledger.pk }, ConsistentRead: true }))).Items ?? [];
    expect((await items()).length).toBe(2);

    const entries = await aiRepository.list(at.organizationId, {});
    expect(entries.map((e) => `${e.jobId === jobA ? 'A' : 'B'}:${e.issueId}:${e.outcome}`).sort()).toEqual(
      [`A:${ids[0]}:stored`, `A:${ids[2]}:stored`, `A:${ids[4]}:abstained`, `B:${ids[1]}:stored`, `B:${ids[3]}:stored`].sort(),
    );
    expect(await aiRepository.count(at.organizationId, {})).toBe(5);
    expect(await aiRepository.count(at.organizationId, { user })).toBe(5);
    expect(await aiRepository.count(at.organizationId, { user: 'someone.else@harbour.example' })).toBe(0);
    expect(await aiRepository.countOutcomes(at.organizationId, jobA)).toBe(3);
    expect(await aiRepository.countOutcomes(at.organizationId, jobB)).toBe(2);
    // Job A's three charged rows (two suggestions, one definite abstention) are no longer queued.
    expect(await dashboardRepository.rowsQueuedForAi(at)).toBe(3);

    // The same rows delivered again, as read before: each fails its own condition, nothing is charged.
    const again = await aiRepository.storeProcessed(ref, batch);
    expect([...again.values()]).toEqual(Array(5).fill('conflict'));
    expect(await aiRepository.count(at.organizationId, {})).toBe(5);

    // A write whose first row was charged already: that row is left out, the others charged in a
    // group keyed by the next row.
    const [row5, row6] = await read(ids.slice(5, 7));
    const mixed = await aiRepository.storeProcessed(ref, [batch[0]!, { issue: row5!, processed: processed(row5!, jobA, 'stored') }, { issue: row6!, processed: processed(row6!, jobA, 'abstained') }]);
    expect(Object.fromEntries(mixed)).toEqual({ [ids[0]!]: 'conflict', [ids[5]!]: 'written', [ids[6]!]: 'written' });
    expect(await aiRepository.count(at.organizationId, {})).toBe(7);
    expect(await aiRepository.countOutcomes(at.organizationId, jobA)).toBe(5);

    // An entry written one per row before groups existed still counts, as one row.
    const [row7] = await read(ids.slice(7));
    const old = processed(row7!, jobB, 'stored').credit;
    await doc.send(new PutCommand({ TableName: table, Item: { ...keys.creditEntry(old.orgId, old), ...keys.creditByUser(old.orgId, old.user, old), kind: 'credit', ...old } }));
    expect(await aiRepository.count(at.organizationId, { user })).toBe(8);
    expect((await aiRepository.list(at.organizationId, { user })).filter((e) => e.issueId === ids[7]).length).toBe(1);
    expect(await aiRepository.countOutcomes(at.organizationId, jobB)).toBe(3);
    expect(await dashboardRepository.creditsSince(at, new Date(Date.now() - 3_600_000))).toBe(8);
    expect(await statsSource.aiRowsProcessed(at.organizationId)).toBe(8);

    // A range after every charge holds none.
    const later = new Date(Date.now() + 60_000).toISOString();
    expect(await aiRepository.count(at.organizationId, { from: later })).toBe(0);
    expect(await aiRepository.count(at.organizationId, { user, from: later })).toBe(0);
  }, 60_000);
});
