import { AGENT_SYNC_MINUTES } from '../../shared/schemas/agent';

// The local stand-in for the EventBridge rule of the agent sync (ARCHITECTURE §2.7): a timer
// calling the same handler the scheduled Lambda runs. AGENT_SYNC_INTERVAL_SECONDS shortens it.

export async function startAgentSyncTimer(): Promise<{ stop: () => Promise<void> }> {
  const { handler } = await import('../../functions/worker/agent-sync-worker');
  const seconds = Number(process.env.AGENT_SYNC_INTERVAL_SECONDS) || AGENT_SYNC_MINUTES * 60;
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    // One sync at a time: a slow agent never stacks runs.
    if (running) return;
    running = handler()
      .catch(() => undefined)
      .finally(() => (running = undefined));
  }, seconds * 1000);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
