import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { Conflict, Locked } from '../../domain/errors';
import { errorResponse } from './errors';

const ctx = { requestId: 'req-1' };

describe('errorResponse', () => {
  it.each([
    [new Conflict('changed by someone else', { version: 3 }), 409, { success: false, error: 'changed by someone else', details: { version: 3 } }],
    [new Locked('locked'), 423, { success: false, error: 'locked' }],
  ])('maps domain errors to their status', (error, status, body) => {
    const res = errorResponse(error, ctx) as { statusCode: number; body: string };
    expect(res.statusCode).toBe(status);
    expect(JSON.parse(res.body)).toEqual(body);
  });

  it('maps zod errors to 400 naming the field', () => {
    const parsed = z.object({ name: z.string() }).safeParse({});
    const res = errorResponse(parsed.error, ctx) as { statusCode: number; body: string };
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body).details[0].field).toBe('name');
  });

  it('answers 500 with a request id and none of the internals', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = errorResponse(new Error('password=hunter2 at db.internal:5432'), ctx) as { statusCode: number; body: string };
    expect(res.statusCode).toBe(500);
    expect(JSON.parse(res.body)).toEqual({ success: false, error: 'Internal error', requestId: 'req-1' });
    expect(res.body).not.toContain('hunter2');
    log.mockRestore();
  });
});
