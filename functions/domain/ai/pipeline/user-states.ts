import type { ProcessingStateStore } from './ports';
import type { AiUserState } from './records';

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
