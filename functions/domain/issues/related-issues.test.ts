import { describe, expect, it } from 'vitest';
import { relatedQuerySchema } from '../../../shared/schemas/related';
import { MemoryIssueStore } from '../../test-support/memory-issue-store';
import { makeIssue, testDataset, testRef } from '../../test-support/issue-fixtures';
import { rankRelated, relatedIssues, similarityOf } from './related-issues';

const sketch = (id: string, record: string, column: string, check: string, value: string | null) => ({
  issue_id: id,
  record_id: record,
  issue_column: column,
  check_name: check,
  current_value: value,
});

describe('similarity of two failed rows', () => {
  const target = sketch('T', 'R1', 'country', 'country_valid', 'Germny');

  it('is 1 for the same check failing on the same value, ignoring case and spacing', () => {
    const s = similarityOf(target, sketch('A', 'R2', 'country', 'country_valid', '  germny '));
    expect(s.similarity).toBe(1);
    expect(s.reasons.map((r) => r.kind)).toEqual(['same_column', 'same_check', 'same_value']);
  });

  it('is high for a value one typo away and names the edits', () => {
    const s = similarityOf(target, sketch('A', 'R2', 'country', 'country_valid', 'Germay'));
    // 0.3 + 0.2 + 0.5 × (1 - 1/6)
    expect(s.similarity).toBeCloseTo(0.917, 3);
    expect(s.reasons.at(-1)).toEqual({ kind: 'similar_value', text: 'Similar value (1 edit apart)' });
  });

  it('stays under the default threshold for the same check on an unrelated value', () => {
    const s = similarityOf(target, sketch('A', 'R2', 'country', 'country_valid', 'Brazil'));
    expect(s.similarity).toBeLessThan(0.7);
    expect(s.reasons.map((r) => r.kind)).toEqual(['same_column', 'same_check']);
  });

  it('relates another failure of the same record whatever its column', () => {
    const s = similarityOf(target, sketch('A', 'R1', 'amount', 'amount_positive', '-5'));
    expect(s.similarity).toBe(0.75);
    expect(s.reasons).toEqual([{ kind: 'same_record', text: 'Same record (R1)' }]);
  });

  it('treats two empty values as the same value, one empty value as unlike any other', () => {
    const empty = sketch('T', 'R1', 'email', 'email_present', null);
    expect(similarityOf(empty, sketch('A', 'R2', 'email', 'email_present', '')).similarity).toBe(1);
    expect(similarityOf(empty, sketch('A', 'R2', 'email', 'email_present', 'x@y.z')).similarity).toBe(0.5);
  });

  it('is symmetric and within [0, 1]', () => {
    const values = ['Germny', 'Germany', '', null, 'usa', 'U.S.A.', 'a'.repeat(500)];
    for (const a of values)
      for (const b of values) {
        const x = similarityOf(sketch('1', 'R1', 'c', 'k', a), sketch('2', 'R2', 'c', 'k', b)).similarity;
        const y = similarityOf(sketch('2', 'R2', 'c', 'k', b), sketch('1', 'R1', 'c', 'k', a)).similarity;
        expect(x).toBe(y);
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThanOrEqual(1);
      }
  });
});

describe('ranking', () => {
  it('keeps rows at or above the threshold, most similar first, never the row itself', () => {
    const target = sketch('T', 'R1', 'country', 'country_valid', 'Germny');
    const ranked = rankRelated(
      target,
      [
        target,
        sketch('B', 'R3', 'country', 'country_valid', 'Germay'),
        sketch('A', 'R2', 'country', 'country_valid', 'germny'),
        sketch('C', 'R1', 'amount', 'amount_positive', '-5'),
        sketch('D', 'R4', 'country', 'country_valid', 'Brazil'),
      ],
      0.7,
    );
    expect(ranked.map((r) => r.issue_id)).toEqual(['A', 'B', 'C']);
    expect(rankRelated(target, [sketch('D', 'R4', 'country', 'country_valid', 'Brazil')], 0)).toHaveLength(1);
  });
});

describe('relatedIssues', () => {
  const issues = [
    makeIssue({ issue_id: 'I0', record_id: 'R0', issue_column: 'country', check_name: 'country_valid', current_value: 'Germny' }),
    makeIssue({ issue_id: 'I1', record_id: 'R1', issue_column: 'country', check_name: 'country_valid', current_value: 'Germny' }),
    makeIssue({ issue_id: 'I2', record_id: 'R2', issue_column: 'country', check_name: 'country_valid', current_value: 'Germay', status: 'muted', muted_at: '2026-03-01T00:00:00.000Z', mute_until: null }),
    makeIssue({ issue_id: 'I3', record_id: 'R3', issue_column: 'country', check_name: 'country_valid', current_value: 'Germny', status: 'resolved' }),
    makeIssue({ issue_id: 'I4', record_id: 'R0', issue_column: 'amount', check_name: 'amount_positive', current_value: '-1' }),
    makeIssue({ issue_id: 'I5', record_id: 'R5', issue_column: 'country', check_name: 'country_valid', current_value: 'Francee' }),
  ];

  it('answers the open and muted rows most like the row, whole, with the defaults of spec 1 §9', async () => {
    const store = new MemoryIssueStore(testDataset, issues);
    const res = await relatedIssues(store, testRef, 'I0', relatedQuerySchema.parse({}));
    expect(res).toMatchObject({ success: true, issue_id: 'I0', limit: 5, similarity_threshold: 0.7, matched: 3 });
    expect(res.related.map((r) => [r.issue.issue_id, r.similarity])).toEqual([
      ['I1', 1],
      ['I2', 0.917],
      ['I4', 0.75],
    ]);
    expect(res.related[0]!.issue).toMatchObject({ opportunity_id: 'R1', status: 'open', current_value: 'Germny' });
  });

  it('honours limit and threshold', async () => {
    const store = new MemoryIssueStore(testDataset, issues);
    const res = await relatedIssues(store, testRef, 'I0', relatedQuerySchema.parse({ limit: '1', similarity_threshold: '0.95' }));
    expect(res.matched).toBe(1);
    expect(res.related.map((r) => r.issue.issue_id)).toEqual(['I1']);
  });

  it('answers 404 for an unknown row or dataset', async () => {
    const store = new MemoryIssueStore(testDataset, issues);
    await expect(relatedIssues(store, testRef, 'NOPE', relatedQuerySchema.parse({}))).rejects.toMatchObject({ status: 404 });
    await expect(relatedIssues(store, { ...testRef, datasetId: 'other' }, 'I0', relatedQuerySchema.parse({}))).rejects.toMatchObject({ status: 404 });
  });

  it('refuses out-of-range query values', () => {
    for (const bad of [{ limit: '0' }, { limit: '51' }, { limit: '2.5' }, { similarity_threshold: '1.5' }, { similarity_threshold: '-0.1' }, { similarity_threshold: 'x' }]) {
      expect(relatedQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
