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
    const keys = await import('../functions/adapters/dynamodb/keys');
    const { documentClient, table } = await import('../functions/adapters/dynamodb/client');
    const { QueryCommand, DeleteCommand } = await import('@aws-sdk/lib-dynamodb');
    // The account's sign-in and emergency-access attempt buckets (every source); the sources it
    // signed in from are kept.
    const known = keys.loginKnownSources(email);
    let cleared = 0;
    for (const pk of [keys.loginAccount(email).pk, keys.emergencyGuard(email, '-').pk]) {
      const out = await documentClient().send(new QueryCommand({ TableName: table(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ProjectionExpression: 'pk, sk' }));
      for (const item of out.Items ?? []) {
        if (item.pk === known.pk && item.sk === known.sk) continue;
        await documentClient().send(new DeleteCommand({ TableName: table(), Key: { pk: item.pk, sk: item.sk } }));
        cleared++;
      }
    }
    console.log(cleared > 0 ? `Unlocked ${email}: its failed attempts are cleared and it can sign in again.` : `${email} had no failed attempts recorded.`);
  } finally {
    await own?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`Could not unlock: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
