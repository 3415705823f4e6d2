import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { tableName } from '../../functions/adapters/dynamodb/table-definition';
import { userPoolName } from '../../functions/adapters/identity/user-pool-definition';
import { seedDemo } from '../seed/seed';
import { startCognito, startDynamoDb, type Emulator } from './emulators';
import { ensureTable, ensureUserPool, LOCAL_REGION } from './provision';
import { createLocalServer, warmUp } from './server';
import { attachRealtimeServer } from './realtime-server';
import { startSuggestionsQueue } from './suggestions-queue';
import { startMailServer } from './mail-server';
import { startAgentSyncTimer } from './agent-sync-timer';
import { startAppChild } from './app-child';

// The whole local stack in one process (ARCHITECTURE §2): emulators, table and pool from the
// shared definitions, demo seed, and the API + SPA server. Used by `npm start` and by tests.

export interface LocalStackOptions {
  /** 0 picks a free port. */
  port: number;
  /** Persistent data directory (absolute); in memory / temporary when absent. */
  dataDir?: string;
  webDist: string;
  demoMode?: boolean;
  emergencyAccessCode?: string;
  /** QA routes (/qa/*, /api/qa-validation/*); on unless false. */
  qaMode?: boolean;
  stage?: string;
  log?: (line: string) => void;
  /** Told each start-up phase as it ends, with its duration (npm start prints them). */
  phase?: (line: string) => void;
  /**
   * Run the application (API + SPA, real-time, suggestions worker, agent sync timer) in a child
   * process with an event loop of its own. The test suite does: its runner's main process also
   * transforms test files and reports, and the API must not wait behind that work.
   */
  appProcess?: boolean;
}

export interface LocalStack {
  url: string;
  port: number;
  env: Record<string, string>;
  seed: Awaited<ReturnType<typeof seedDemo>>;
  /** Where the local SMTP server writes every message it receives (.eml files). */
  mailDir: string;
  stop(): Promise<void>;
}

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const stage = options.stage ?? 'local';
  // Node 20 is the toolchain's version (TOOLCHAIN.md); the SDK's notice about its end of support
  // says nothing about this stack and would otherwise print before the first emulator call.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const stops: Array<() => Promise<void>> = [];
  const timed = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const started = Date.now();
    const result = await work();
    options.phase?.(`${name}  ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return result;
  };
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  };
  try {
    const cognitoDir = options.dataDir ? path.join(options.dataDir, 'cognito') : mkdtempSync(path.join(tmpdir(), 'qd-cognito-'));
    if (!options.dataDir) stops.push(async () => rmSync(cognitoDir, { recursive: true, force: true }));
    // Both emulators start at once; if one fails, the one that started is stopped too (it would
    // otherwise outlive this process).
    const settled = await Promise.allSettled([
      timed('DynamoDB Local', () => startDynamoDb({ dataDir: options.dataDir ? path.join(options.dataDir, 'dynamodb') : undefined, log: options.log })),
      timed('cognito-local', () => startCognito({ dataDir: cognitoDir, log: options.log })),
    ]);
    for (const s of settled) if (s.status === 'fulfilled') stops.push(s.value.stop);
    const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) throw failed.reason;
    const [dynamo, cognito] = settled.map((s) => (s as PromiseFulfilledResult<Emulator>).value) as [Emulator, Emulator];

    // The local SMTP server (ARCHITECTURE §2.7): every message the app sends lands here as .eml.
    const mailDir = options.dataDir ? path.join(options.dataDir, 'mail') : mkdtempSync(path.join(tmpdir(), 'qd-mail-'));
    const mail = await startMailServer({ dir: mailDir });
    stops.push(mail.stop);
    if (!options.dataDir) stops.push(async () => rmSync(mailDir, { recursive: true, force: true }));

    const table = tableName(stage);
    await timed(`table ${table}`, () => ensureTable(dynamo.endpoint, table));
    const pool = await timed('user pool', () => ensureUserPool(cognito.endpoint, userPoolName(stage)));

    const env: Record<string, string> = {
      STAGE: stage,
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      TABLE_NAME: table,
      USER_POOL_ID: pool.userPoolId,
      USER_POOL_CLIENT_ID: pool.clientId,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      COGNITO_ENDPOINT: cognito.endpoint,
      DEMO_MODE: String(options.demoMode ?? true),
      QA_MODE: String(options.qaMode ?? true),
      EMERGENCY_ACCESS_CODE: options.emergencyAccessCode ?? '',
      APP_VERSION: process.env.npm_package_version ?? '0.1.0',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      SMTP_HOST: mail.host,
      SMTP_PORT: String(mail.port),
      // Datasets' source files (issue 4): beside the other local data, or a temporary directory.
      SOURCES_DIR: options.dataDir ? path.join(options.dataDir, 'sources') : mkdtempSync(path.join(tmpdir(), 'qd-sources-')),
    };
    if (!options.dataDir) stops.push(async () => rmSync(env.SOURCES_DIR!, { recursive: true, force: true }));
    // Customer secrets (issue 14): the key file standing in for KMS, and the agent connector's local
    // allowances (the reference agent on loopback, its self-signed certificate trusted).
    const secretsDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'qd-secrets-'));
    if (!options.dataDir) stops.push(async () => rmSync(secretsDir, { recursive: true, force: true }));
    env.LOCAL_KEY_FILE = path.join(secretsDir, 'local-kms.key');
    env.AGENT_TRUST_DIR = path.join(secretsDir, 'agent', 'trusted');
    env.AGENT_ALLOW_LOOPBACK = 'true';
    // The handlers read their configuration once, from the environment, as in Lambda.
    Object.assign(process.env, env);

    const seed = await timed('demo seed', () =>
      seedDemo({
        dynamoEndpoint: dynamo.endpoint,
        cognitoEndpoint: cognito.endpoint,
        tableName: table,
        userPoolId: pool.userPoolId,
        sourcesDir: env.SOURCES_DIR!,
        ...(options.phase ? { progress: (line: string) => options.phase!(`  seeding: ${line}`) } : {}),
      }),
    );

    if (options.appProcess) {
      const app = await timed('API and web server (child process)', () =>
        startAppChild({ ...process.env, PORT: String(options.port), HOST: '0.0.0.0', WEB_DIST: options.webDist }),
      );
      stops.push(app.stop);
      return { url: `http://localhost:${app.port}`, port: app.port, env, seed, mailDir, stop: stopAll };
    }

    // The in-process suggestions queue (SQS semantics) feeding the worker handler (ARCHITECTURE §2.5).
    const suggestions = await timed('suggestions queue and worker', () => startSuggestionsQueue());
    stops.push(suggestions.stop);

    // The agent sync's schedule (an EventBridge rule in AWS).
    const agentSync = await startAgentSyncTimer();
    stops.push(agentSync.stop);

    const server = createLocalServer({ webDist: options.webDist });
    // Real-time events on the same port (the WebSocket API's local stand-in).
    const realtime = attachRealtimeServer(server);
    await timed('API and web server', () =>
      new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(options.port, '0.0.0.0', () => resolve());
      }),
    );
    stops.push(
      () =>
        new Promise<void>((resolve) => {
          realtime.close();
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    );
    warmUp();
    const port = (server.address() as AddressInfo).port;
    return { url: `http://localhost:${port}`, port, env, seed, mailDir, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
