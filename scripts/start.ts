import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_ORGANIZATIONS, DEMO_PASSWORDS } from '../functions/domain/demo/demo-directory';
import { startLocalStack } from './local/stack';

// `npm start`: the whole local stack on one port, data kept under .data/ between runs.

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT ?? 3000);
const started = Date.now();

process.env.LOG_LEVEL ??= 'warn';
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const elapsed = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const phase = (line: string) => console.log(line.startsWith('  ') ? `      · ${line.trim()}` : `  ✓ ${line}`);

/** The web build (vite), quiet unless it fails. */
function buildWeb(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(root, 'node_modules', '.bin', 'vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'error'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`web build failed (exit ${code})`))));
  });
}

async function main(): Promise<void> {
  console.log('Starting Quality Desk locally (web build, DynamoDB Local, cognito-local, table, user pool, demo seed, API):');
  const webStarted = Date.now();
  await buildWeb();
  phase(`web build  ${elapsed(webStarted)}`);
  const stack = await startLocalStack({
    phase,
    port,
    dataDir: path.join(root, '.data'),
    webDist: path.join(root, 'web', 'dist'),
    demoMode: process.env.DEMO_MODE !== 'false',
    emergencyAccessCode: process.env.EMERGENCY_ACCESS_CODE ?? 'QD-EMERGENCY-2026',
    log: process.env.DEBUG_EMULATORS ? (l) => process.stderr.write(l) : undefined,
  });

  // Where this stack's DynamoDB Local answers, for `npm run unlock` while it runs.
  writeFileSync(path.join(root, '.data', 'local-stack.json'), JSON.stringify({ url: stack.url, dynamoEndpoint: stack.env.DYNAMODB_ENDPOINT, pid: process.pid }));
  const seeded = stack.seed.skippedData
    ? 'existing data kept'
    : `seeded ${stack.seed.datasets} datasets with ${stack.seed.issues} failed rows`;
  console.log(`\nQuality Desk is running at ${stack.url}  (${((Date.now() - started) / 1000).toFixed(1)} s, ${seeded})`);
  console.log(`Demo mode sign-in list: ${stack.url}/login?r=demo\n`);
  console.log('Demo logins:');
  for (const org of DEMO_ORGANIZATIONS) {
    console.log(`  ${org.name} (${org.id})`);
    for (const u of org.users) console.log(`    ${u.role.padEnd(15)} ${u.email.padEnd(34)} ${DEMO_PASSWORDS[u.passwordType]}`);
  }
  console.log(`\nOutgoing e-mail (invitations) is caught by the local SMTP server on port ${stack.env.SMTP_PORT}`);
  console.log(`and written as .eml files to ${stack.mailDir}`);
  console.log(`\nEmergency access code (demo mode): ${stack.env.EMERGENCY_ACCESS_CODE}`);
  console.log('Press Ctrl-C to stop.');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    rmSync(path.join(root, '.data', 'local-stack.json'), { force: true });
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(`\nCould not start Quality Desk: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
