import { describe, expect, it } from 'vitest';
import { issueUpdate } from './issue-update';

describe('issueUpdate', () => {
  it('sets changed and added attributes, removes dropped ones, and leaves keys and untouched attributes alone', () => {
    const before = { pk: 'P', sk: 'S', status: 'muted', version: 3, mute_until: '2026-12-01', owner: 'a@x', taxonomy: { k: 1 } };
    const after = { pk: 'P', sk: 'S', status: 'open', version: 4, owner: 'a@x', taxonomy: { k: 1 }, resolved_by: undefined };

    const update = issueUpdate(before, after);

    expect(update.UpdateExpression).toBe('SET #a0 = :v0, #a1 = :v1 REMOVE #a2');
    expect(update.ExpressionAttributeNames).toEqual({ '#a0': 'status', '#a1': 'version', '#a2': 'mute_until' });
    expect(update.ExpressionAttributeValues).toEqual({ ':v0': 'open', ':v1': 4 });
  });

  it('never names an attribute the change did not touch, so a concurrent annotation survives', () => {
    const update = issueUpdate({ pk: 'P', sk: 'S', status: 'open', version: 1 }, { pk: 'P', sk: 'S', status: 'resolved', version: 2 });
    expect(Object.values(update.ExpressionAttributeNames)).not.toContain('ai_suggestion');
  });
});
