import { describe, expect, it } from 'vitest';
import { bulkResolveRequestSchema, failedRowsQuerySchema, resolveRequestSchema } from './issues';

const problems = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  (r.error?.issues ?? []).map((i) => ({ field: i.path.map(String).join('.'), message: i.message }));

describe('the resolution forms', () => {
  it.each([
    [{ amount: '  500 ' }, { method: 'manual_edit', column: 'amount', value: '500' }],
    [{ amount: 500 }, { method: 'manual_edit', column: 'amount', value: '500' }],
    [{ method: 'accept_suggestion', suggestion: ' 500', confidence: 91, reasoning: 'sign' }, { method: 'accept_suggestion', suggestion: '500', confidence: 91, reasoning: 'sign' }],
    // An accepted suggestion may empty a cell (e.g. n/a -> empty); the domain says where (issue 9).
    [{ method: 'accept_suggestion', suggestion: '' }, { method: 'accept_suggestion', suggestion: '' }],
    [{ method: 'manual_fix' }, { method: 'manual_fix' }],
    [{ method: 'manual_unmute' }, { method: 'manual_unmute' }],
    [{ method: 'manual_mute' }, { method: 'manual_mute', muteDuration: '1_day' }],
  ])('reads %j', (resolution, action) => {
    expect(resolveRequestSchema.parse({ resolution, resolvedBy: 'someone', issueId: 'X1' }).resolution).toEqual(action);
  });

  it.each([
    [{ amount: '   ' }, 'resolution.amount', 'Value cannot be empty'],
    [{ amount: null }, 'resolution.amount', 'Value cannot be empty'],
    [{ method: 'accept_suggestion', suggestion: 'x', confidence: 140 }, 'resolution.confidence', 'must be between 0 and 100'],
    [{ method: 'typo' }, 'resolution.method', expect.stringContaining('must be')],
    [{ method: 'manual_mute', muteDuration: '2_days' }, 'resolution.muteDuration', expect.stringContaining('1_day')],
    [{ method: 'manual_fix', extra: 1 }, 'resolution', expect.stringContaining('extra')],
    [{ a: '1', b: '2' }, 'resolution', 'must name exactly one column and its new value'],
    [{}, 'resolution', 'must name exactly one column and its new value'],
    ['500', 'resolution', expect.stringContaining('is required')],
  ])('refuses %j naming %s', (resolution, field, message) => {
    expect(problems(resolveRequestSchema.safeParse({ resolution }))).toEqual([{ field, message }]);
  });

  it('takes a positive whole version', () => {
    expect(problems(resolveRequestSchema.safeParse({ resolution: { method: 'manual_fix' }, version: 0 }))[0]?.field).toBe('version');
  });
});

describe('the bulk request', () => {
  it('asks for at least one row with the spec’s words, and at most 1000', () => {
    expect(problems(bulkResolveRequestSchema.safeParse({ recordIds: [], resolution: { method: 'manual_unmute' } }))).toEqual([
      { field: 'recordIds', message: 'Please select at least one row' },
    ]);
    const many = Array.from({ length: 1001 }, (_, i) => `id${i}`);
    expect(problems(bulkResolveRequestSchema.safeParse({ recordIds: many, resolution: { method: 'manual_unmute' } }))[0]?.field).toBe('recordIds');
  });

  it('mutes for a day unless told otherwise', () => {
    expect(bulkResolveRequestSchema.parse({ recordIds: ['a'], resolution: { method: 'manual_mute' } }).resolution).toEqual({ method: 'manual_mute', muteDuration: '1_day' });
  });
});

describe('the failed-rows query', () => {
  it('defaults to open rows, 15 at offset 0, newest scan first', () => {
    expect(failedRowsQuerySchema.parse({})).toEqual({ status: 'open', limit: 15, offset: 0, sort: { field: 'scan_time', direction: 'desc' }, scanTime: undefined });
  });

  it('reads scan_time and scanTime as one filter, blank and "all" as none, an issue type by key or label', () => {
    const q = failedRowsQuerySchema.parse({ scan_time: '2026-03-01T06:00:00Z', owner: '', issueType: 'Out of Range', date: 'all' });
    expect(q).toMatchObject({ scanTime: '2026-03-01T06:00:00.000Z', owner: undefined, issueType: 'out_of_range', date: undefined });
    expect(failedRowsQuerySchema.parse({ scanTime: '2026-03-01T06:00:00.000Z' }).scanTime).toBe('2026-03-01T06:00:00.000Z');
  });

  it.each([
    [{ limit: '0' }, 'limit'],
    [{ limit: '1001' }, 'limit'],
    [{ offset: '-1' }, 'offset'],
    [{ status: 'closed' }, 'status'],
    [{ date: '2026-02-30' }, 'date'],
    [{ scanTime: 'yesterday' }, 'scanTime'],
    [{ issueType: 'weird' }, 'issueType'],
    [{ sort: 'price:asc' }, 'sort'],
    [{ sort: 'owner:sideways' }, 'sort'],
  ])('refuses %j naming %s', (query, field) => {
    expect(problems(failedRowsQuerySchema.safeParse(query)).map((p) => p.field)).toEqual([field]);
  });

  it.each([
    ['owner', { field: 'owner', direction: 'asc' }],
    ['scan_time', { field: 'scan_time', direction: 'desc' }],
    ['current_value:DESC', { field: 'current_value', direction: 'desc' }],
  ])('reads sort=%s', (sort, parsed) => {
    expect(failedRowsQuerySchema.parse({ sort }).sort).toEqual(parsed);
  });
});

describe('dates', () => {
  it('names one problem for a date in another format', () => {
    expect(problems(failedRowsQuerySchema.safeParse({ date: '03/01/2026' }))).toEqual([{ field: 'date', message: 'must be a date as YYYY-MM-DD' }]);
  });
});
