import type { ProcessingStateStore } from './ports';
import type { QueueLiveness, LeasePolicy } from './queue-rules';
import type { AiIssue, AiUserState } from './records';

/** Processing states of the users named by a set of rows, read once each. */
export async function loadStates(store: ProcessingStateStore, orgId: string, users: Iterable<string | undefined>): Promise<(user: string) => AiUserState | undefined> {
  const states = new Map<string, AiUserState>();
  await Promise.all(
    [...new Set([...users].filter((u): u is string => Boolean(u)))].map(async (user) => {
      states.set(user, await store.getState(orgId, user));
    }),
  );
  return (user) => states.get(user);
}

/**
 * What decides whether the queued rows among `issues` are still live: their users' states and
 * their jobs' leases, each read once. Rows that are not queued need neither.
 */
export async function loadLiveness(store: ProcessingStateStore, orgId: string, issues: Iterable<AiIssue>, policy: LeasePolicy): Promise<QueueLiveness> {
  const queued = [...issues].filter((i) => i.ai_status === 'queued' && i.ai_job && i.ai_user);
  const jobRefs = [...new Map(queued.map((i) => [i.ai_job!, { user: i.ai_user!, jobId: i.ai_job! }])).values()];
  const [stateOf, jobs] = await Promise.all([loadStates(store, orgId, queued.map((i) => i.ai_user)), jobRefs.length ? store.getJobs(orgId, jobRefs) : Promise.resolve(new Map())]);
  return { stateOf, leaseOf: (issue) => (issue.ai_job ? jobs.get(issue.ai_job)?.leaseUntil : undefined), policy };
}
