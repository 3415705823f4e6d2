import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { startAgentSyncTimer } from './agent-sync-timer';
import { attachRealtimeServer } from './realtime-server';
import { createLocalServer, warmUp } from './server';
import { startSuggestionsQueue } from './suggestions-queue';

// The application part of the local stack alone — API + SPA server, real-time server, suggestions
// queue and worker, agent sync timer — against emulators that are already running (their
// endpoints, the table and the pool come from the environment, as startLocalStack sets them).
// startLocalStack runs it as a child process for the test suite (the API then has an event loop of
// its own, not the test runner's), and the crash test (test/reliability/) SIGKILLs it at any moment
// and starts it again over the same data. Prints one line `ready <url>` when it listens.

const required = ['TABLE_NAME', 'USER_POOL_ID', 'USER_POOL_CLIENT_ID', 'DYNAMODB_ENDPOINT', 'COGNITO_ENDPOINT'];
const missing = required.filter((name) => !process.env[name]);
if (missing.length) {
  console.error(`app-process: missing ${missing.join(', ')}`);
  process.exit(2);
}

const suggestions = await startSuggestionsQueue();
const agentSync = await startAgentSyncTimer();
const server = createLocalServer({ webDist: process.env.WEB_DIST ?? path.resolve(import.meta.dirname, '..', '..', 'web', 'dist') });
const realtime = attachRealtimeServer(server);
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => {
  console.log(`ready http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  warmUp();
});
const stop = async () => {
  realtime.close();
  server.closeAllConnections();
  server.close();
  await Promise.all([suggestions.stop(), agentSync.stop()]);
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
