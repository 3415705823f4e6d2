import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { tableName } from '../functions/adapters/dynamodb/table-definition';
import { startDynamoDb, type Emulator } from './local/emulators';
import { LOCAL_REGION } from './local/provision';

// `npm run unlock -- <email>`: lifts the sign-in lock (5 wrong passwords) and the emergency
// access counter of one account in the local data, keeping everything else. Works whether
// `npm start` runs (it uses that stack's DynamoDB Local, named in .data/local-stack.json) or not
// (it opens .data itself for the moment).

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(root, '.data');
export const LOCAL_STACK_FILE = path.join(dataDir, 'local-stack.json');

async function answers(endpoint: string): Promise<boolean> {
  try {
    await fetch(endpoint, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  const email = (process.argv[2] ?? '').trim().toLowerCase();
  if (!email || !email.includes('@') || email.length > 254) {
    console.error('Usage: npm run unlock -- <email>');
    process.exit(2);
  }
  if (!existsSync(path.join(dataDir, 'dynamodb'))) {
    console.error('No local data under .data/: start the app once with npm start.');
    process.exit(1);
  }
  let endpoint: string | undefined;
  let own: Emulator | undefined;
  if (existsSync(LOCAL_STACK_FILE)) {
    const running = JSON.parse(readFileSync(LOCAL_STACK_FILE, 'utf8')) as { dynamoEndpoint?: string };
    if (running.dynamoEndpoint && (await answers(running.dynamoEndpoint))) endpoint = running.dynamoEndpoint;
  }
  if (!endpoint) {
    own = await startDynamoDb({ dataDir: path.join(dataDir, 'dynamodb') });
    endpoint = own.endpoint;
  }
  try {
    Object.assign(process.env, {
      TABLE_NAME: tableName('local'),
      // The configuration asks for the user pool too; unlocking touches only the table.
      USER_POOL_ID: process.env.USER_POOL_ID ?? 'local_unlock',
      USER_POOL_CLIENT_ID: process.env.USER_POOL_CLIENT_ID ?? 'unlock',
      DYNAMODB_ENDPOINT: endpoint,
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    });
    // Loaded once the environment names the local table, as a Lambda reads it at start.
    const { guardRepository } = await import('../functions/adapters/dynamodb/guard-repository');
    const before = await guardRepository.login.read(email);
    await guardRepository.login.clear(email);
    await guardRepository.emergency.clear(email);
    const wasLocked = before.lockedUntil !== undefined && before.lockedUntil > Date.now();
    console.log(wasLocked ? `Unlocked ${email}: it can sign in again.` : `${email} was not locked; its failed sign-in count is reset.`);
  } finally {
    await own?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`Could not unlock: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
