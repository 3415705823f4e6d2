import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createLocalServer } from './server';
import { startSuggestionsQueue } from './suggestions-queue';

// The application part of the local stack alone — API + SPA server, suggestions queue and worker —
// against emulators that are already running (their endpoints, the table and the pool come from
// the environment, as startLocalStack sets them). The crash test (test/reliability/) runs it as a
// child process it can SIGKILL at any moment and start again over the same data.
// Prints one line `ready <url>` when it listens.

const required = ['TABLE_NAME', 'USER_POOL_ID', 'USER_POOL_CLIENT_ID', 'DYNAMODB_ENDPOINT', 'COGNITO_ENDPOINT'];
const missing = required.filter((name) => !process.env[name]);
if (missing.length) {
  console.error(`app-process: missing ${missing.join(', ')}`);
  process.exit(2);
}

const suggestions = await startSuggestionsQueue();
const server = createLocalServer({ webDist: process.env.WEB_DIST ?? path.resolve(import.meta.dirname, '..', '..', 'web', 'dist') });
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`ready http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
const stop = async () => {
  server.close();
  await suggestions.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
