import { describe, expect, it } from 'vitest';
import { relatedResponseSchema } from '../../shared/schemas/related';
import { call, tokenFor, users } from '../support/api';
import { createIssueDataset, FIXTURE_INSTANCE } from '../support/fixtures';

// GET /api/datasets/{id}/issues/{issueId}/related (spec 1 §7 AI, §9; issue 13 item 3).

const instanceId = FIXTURE_INSTANCE.instanceId;
const auth = async () => ({ token: await tokenFor(users.analyst), instanceId });

describe('related issues', () => {
  it('answers the rows most like one row with similarity and reasons, defaults limit 5 and threshold 0.7', async () => {
    // Rows 0..11: statuses cycle open, open, resolved, muted (fixture rule); rows 0-4 fail the same
    // check with the same misspelling or one typo from it, row 5 is another column of row 0's record.
    const { datasetId, issues } = await createIssueDataset({
      issues: 12,
      build: (i) => {
        if (i <= 4) return { issue_column: 'country', check_name: 'country_valid', current_value: i % 2 === 0 ? 'Germny' : 'Germay', record_id: `R-${i}` };
        if (i === 5) return { issue_column: 'amount', check_name: 'amount_positive', current_value: '-5', record_id: 'R-0' };
        return { issue_column: 'stage', check_name: 'stage_valid', current_value: `stage ${i}`, record_id: `R-${i}` };
      },
    });
    const target = issues[0]!;
    const res = await call('GET', `/api/datasets/${datasetId}/issues/${target.issue_id}/related`, await auth());
    expect(res.status).toBe(200);
    const body = relatedResponseSchema.parse(res.body);
    expect(body).toMatchObject({ issue_id: target.issue_id, limit: 5, similarity_threshold: 0.7 });
    const expectedIds = issues.filter((i, n) => n > 0 && n <= 5 && i.status !== 'resolved').map((i) => i.issue_id);
    expect(body.matched).toBe(expectedIds.length);
    expect(body.related.map((r) => r.issue.issue_id).sort()).toEqual(expectedIds.slice(0, 5).sort());
    // Most similar first: the same value (1), then one typo away, then the record's other failure (0.75).
    const sims = body.related.map((r) => r.similarity);
    expect(sims).toEqual([...sims].sort((a, b) => b - a));
    const same = body.related.find((r) => r.issue.current_value === 'Germny');
    expect(same?.similarity).toBe(1);
    expect(same?.reasons.map((r) => r.kind)).toContain('same_value');
    const sibling = body.related.find((r) => r.issue.issue_column === 'amount');
    expect(sibling).toMatchObject({ similarity: 0.75, reasons: [{ kind: 'same_record' }] });
    expect(sims).toEqual([1, 0.917, 0.917, 0.75]);
    for (const r of body.related) expect(r.issue.status).not.toBe('resolved');

    const narrow = relatedResponseSchema.parse((await call('GET', `/api/datasets/${datasetId}/issues/${target.issue_id}/related?limit=1&similarity_threshold=1`, await auth())).body);
    expect(narrow.related).toHaveLength(1);
    expect(narrow.related[0]!.similarity).toBe(1);
  });

  it('answers 400 naming the field for bad query values and 404 for unknown rows', async () => {
    const { datasetId, issues } = await createIssueDataset({ issues: 4 });
    const id = issues[0]!.issue_id;
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=500', 'limit'],
      ['similarity_threshold=2', 'similarity_threshold'],
      ['similarity_threshold=abc', 'similarity_threshold'],
    ] as const) {
      const res = await call('GET', `/api/datasets/${datasetId}/issues/${id}/related?${query}`, await auth());
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(res.body), query).toContain(field);
    }
    expect((await call('GET', `/api/datasets/${datasetId}/issues/NOSUCHISSUE/related`, await auth())).status).toBe(404);
    expect((await call('GET', `/api/datasets/no-such-dataset/issues/${id}/related`, await auth())).status).toBe(404);
  });
});
