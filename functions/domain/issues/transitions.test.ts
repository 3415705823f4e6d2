import { describe, expect, it } from 'vitest';
import { makeIssue } from '../../test-support/issue-fixtures';
import { ValidationFailed } from '../errors';
import { InvalidTransition, planChange } from './transitions';

const ctx = { by: 'ana@a.example', now: new Date('2026-03-05T10:00:00.000Z'), eventId: 'EVT1' };

describe('the issue status machine', () => {
  it('resolves an open row with the edited value, keeping the old one', () => {
    const { after, event } = planChange(makeIssue(), { method: 'manual_edit', column: 'amount', value: '500' }, ctx);

    expect(after).toMatchObject({
      status: 'resolved',
      current_value: '500',
      original_value: '-500',
      resolved_by: 'ana@a.example',
      resolved_at: '2026-03-05T10:00:00.000Z',
      resolution_method: 'manual_edit',
      version: 2,
    });
    expect(event).toMatchObject({
      event_id: 'EVT1',
      action: 'edited',
      by: 'ana@a.example',
      at: '2026-03-05T10:00:00.000Z',
      old_value: '-500',
      new_value: '500',
      old_status: 'open',
      new_status: 'resolved',
      version: 2,
      details: { method: 'manual_edit', column: 'amount' },
    });
  });

  it('refuses an edit of another column than the failed one, naming it', () => {
    expect(() => planChange(makeIssue(), { method: 'manual_edit', column: 'stage', value: 'x' }, ctx)).toThrow(ValidationFailed);
  });

  it('resolves with an accepted suggestion and records its confidence and reasoning', () => {
    const { after, event } = planChange(
      makeIssue(),
      { method: 'accept_suggestion', suggestion: '500', confidence: 92, reasoning: 'sign flipped' },
      ctx,
    );
    expect(after).toMatchObject({ status: 'resolved', current_value: '500', resolution_method: 'accept_suggestion' });
    expect(event).toMatchObject({ action: 'suggestion_accepted', details: { confidence: 92, reasoning: 'sign flipped' } });
  });

  it('accepts an empty suggestion where the column allows it, and refuses it on a row that failed for a missing value', () => {
    const { after } = planChange(makeIssue({ current_value: 'n/a', issue_type: 'format_error' }), { method: 'accept_suggestion', suggestion: '' }, ctx);
    expect(after).toMatchObject({ status: 'resolved', current_value: '', original_value: 'n/a', resolution_method: 'accept_suggestion' });
    expect(() => planChange(makeIssue({ current_value: null, issue_type: 'missing_data' }), { method: 'accept_suggestion', suggestion: '' }, ctx)).toThrow(ValidationFailed);
  });

  it('resolves as is with manual_fix', () => {
    const { after, event } = planChange(makeIssue(), { method: 'manual_fix' }, ctx);
    expect(after).toMatchObject({ status: 'resolved', current_value: '-500', original_value: '-500', resolution_method: 'manual_fix' });
    expect(event.action).toBe('resolved');
  });

  it('mutes for the chosen duration, and indefinitely without mute_until', () => {
    const week = planChange(makeIssue(), { method: 'manual_mute', muteDuration: '1_week' }, ctx);
    expect(week.after).toMatchObject({ status: 'muted', muted_at: ctx.now.toISOString(), muted_by: ctx.by, mute_until: '2026-03-12T10:00:00.000Z' });
    expect(week.event).toMatchObject({ action: 'muted', details: { mute_duration: '1_week', mute_until: '2026-03-12T10:00:00.000Z' } });

    const forever = planChange(makeIssue(), { method: 'manual_mute', muteDuration: 'indefinite' }, ctx);
    expect(forever.after.mute_until).toBeNull();
  });

  it('re-mutes a muted row (e.g. after its mute expired)', () => {
    const muted = makeIssue({ status: 'muted', muted_at: '2026-01-01T00:00:00.000Z', mute_until: '2026-01-02T00:00:00.000Z' });
    expect(planChange(muted, { method: 'manual_mute', muteDuration: '1_day' }, ctx).after.mute_until).toBe('2026-03-06T10:00:00.000Z');
  });

  it('unmutes a muted row back to open and clears the mute', () => {
    const muted = makeIssue({ status: 'muted', muted_at: 'x', muted_by: 'y', mute_until: 'z', mute_duration: '1_day', version: 4 });
    const { after, event } = planChange(muted, { method: 'manual_unmute' }, ctx);
    expect(after.status).toBe('open');
    expect(after.version).toBe(5);
    expect(after).not.toHaveProperty('mute_until');
    expect(after).not.toHaveProperty('muted_at');
    expect(event).toMatchObject({ action: 'unmuted', old_status: 'muted', new_status: 'open' });
  });

  it.each([
    [makeIssue({ status: 'open' }), { method: 'manual_unmute' } as const, 'Only muted issues can be unmuted.'],
    [makeIssue({ status: 'resolved' }), { method: 'manual_fix' } as const, 'This issue is already resolved.'],
    [makeIssue({ status: 'resolved' }), { method: 'manual_mute', muteDuration: '1_day' } as const, 'This issue is already resolved.'],
  ])('refuses %#: %s', (issue, action, message) => {
    expect(() => planChange(issue, action, ctx)).toThrow(InvalidTransition);
    expect(() => planChange(issue, action, ctx)).toThrow(message);
  });

  it('resolves a muted row, dropping its mute', () => {
    const muted = makeIssue({ status: 'muted', mute_until: null, muted_at: 'x' });
    const { after } = planChange(muted, { method: 'manual_fix' }, ctx);
    expect(after.status).toBe('resolved');
    expect(after).not.toHaveProperty('mute_until');
  });
});
