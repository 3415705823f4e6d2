import { describe, expect, it } from 'vitest';
import { launchJob } from './launch-job';
import { registerLocalJob } from './local-jobs';

const failed = { message: 'job failed', fields: {} };

describe('launching a background job locally', () => {
  it('runs the runner registered for the event\'s kind, after the answer', async () => {
    const ran: unknown[] = [];
    const done = new Promise<void>((resolve) => registerLocalJob('test-kind', async (event) => void (ran.push(event), resolve())));
    await launchJob(undefined, { kind: 'test-kind', n: 1 }, failed);
    // Not during the request: the job starts once the request's work is done.
    expect(ran).toEqual([]);
    await done;
    expect(ran).toEqual([{ kind: 'test-kind', n: 1 }]);
  });

  it('prefers the runner the launcher passes, and refuses a kind nobody registered', async () => {
    const done = new Promise<string>((resolve) => void launchJob(undefined, { kind: 'unregistered-kind' }, failed, async () => resolve('passed')));
    await expect(done).resolves.toBe('passed');
    await expect(launchJob(undefined, { kind: 'another-unregistered-kind' }, failed)).rejects.toThrow(/"another-unregistered-kind"/);
  });
});
