import { describe, expect, it } from 'vitest';
import type { CreditEntry } from '../../domain/ai/pipeline/records';
import { creditGroupItems, creditsOfItem, entriesOfItem, issueIdsOfItem, rowsOfItem } from './credit-items';
import * as keys from './keys';

const credit = (issueId: string, jobId: string, chargedAt: string, outcome: 'stored' | 'abstained' = 'stored'): CreditEntry => ({
  orgId: 'org_harbour',
  instanceId: 'inst_port',
  datasetId: 'ferries',
  issueId,
  jobId,
  user: 'pilot@harbour.example',
  credits: 1,
  chargedAt,
  provider: 'builtin',
  model: 'rules',
  outcome,
});

describe('credit groups', () => {
  it('puts the rows of one job charged together in one ledger item, keyed by its first row', () => {
    const entries = [
      credit('I1', 'JOB_A', '2026-11-29T10:00:00.001Z'),
      credit('I2', 'JOB_B', '2026-11-29T10:00:00.002Z', 'abstained'),
      credit('I3', 'JOB_A', '2026-11-29T10:00:00.004Z', 'abstained'),
      credit('I4', 'JOB_A', '2026-11-29T10:00:00.003Z'),
    ];
    const groups = creditGroupItems(entries);
    expect(groups.map((g) => g.rows)).toEqual([[0, 2, 3], [1]]);
    const [a, b] = groups.map((g) => g.item);
    expect(a).toMatchObject({
      ...keys.creditEntry('org_harbour', entries[0]!),
      ...keys.creditByUser('org_harbour', 'pilot@harbour.example', { chargedAt: '2026-11-29T10:00:00.004Z', jobId: 'JOB_A', issueId: 'I1' }),
      jobId: 'JOB_A',
      credits: 3,
      chargedAt: '2026-11-29T10:00:00.004Z',
    });
    expect(b).toMatchObject({ ...keys.creditEntry('org_harbour', entries[1]!), credits: 1 });
    // Read back: one entry per row, charged at its group's time.
    expect(groups.flatMap((g) => entriesOfItem(g.item))).toEqual(
      [entries[0]!, entries[2]!, entries[3]!, entries[1]!].map((e) => ({ ...e, chargedAt: e.jobId === 'JOB_A' ? '2026-11-29T10:00:00.004Z' : e.chargedAt })),
    );
    expect(issueIdsOfItem(a!)).toEqual(['I1', 'I3', 'I4']);
    expect([creditsOfItem(a!), rowsOfItem(a!)]).toEqual([3, 3]);
  });

  it('keeps rows of other requesters, datasets or providers apart even within one job', () => {
    const entries = [credit('I1', 'JOB_A', '2026-11-29T10:00:00Z'), { ...credit('I2', 'JOB_A', '2026-11-29T10:00:00Z'), datasetId: 'harbours' }, { ...credit('I3', 'JOB_A', '2026-11-29T10:00:00Z'), model: 'other' }];
    expect(creditGroupItems(entries).map((g) => g.rows)).toEqual([[0], [1], [2]]);
  });

  it('reads an entry written before groups as a group of one row', () => {
    const entry = credit('I9', 'JOB_C', '2026-11-28T08:00:00Z');
    const item = { ...keys.creditEntry(entry.orgId, entry), ...keys.creditByUser(entry.orgId, entry.user, entry), kind: 'credit', ...entry };
    expect(entriesOfItem(item)).toEqual([entry]);
    expect([creditsOfItem(item), rowsOfItem(item), issueIdsOfItem(item)]).toEqual([1, 1, ['I9']]);
  });
});
