import * as z from 'zod';
import { LOGIN_SOURCE_MAX_ATTEMPTS } from '../shared/constants';

// Configuration is read from the environment once and validated here; nothing else reads
// process.env. Every variable is documented in the README.

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const configSchema = z.object({
  STAGE: z.string().min(1).default('local'),
  AWS_REGION: z.string().min(1).default('us-east-1'),
  TABLE_NAME: z.string().min(1),
  USER_POOL_ID: z.string().min(1),
  USER_POOL_CLIENT_ID: z.string().min(1),
  /** Local only: DynamoDB Local endpoint. */
  DYNAMODB_ENDPOINT: z.url().optional(),
  /** Local only: cognito-local endpoint. Its tokens are trusted only when this is set. */
  COGNITO_ENDPOINT: z.url().optional(),
  DEMO_MODE: booleanFlag,
  /** The emergency-access code; empty disables emergency access. */
  EMERGENCY_ACCESS_CODE: z.string().default(''),
  APP_VERSION: z.string().default('0.0.0'),
  /** Seconds a sign-in lock lasts after too many wrong passwords (default 15 minutes). */
  LOGIN_LOCK_SECONDS: z.coerce.number().int().positive().default(15 * 60),
  /** Unsuccessful sign-in attempts one source may make per LOGIN_LOCK_SECONDS over all accounts. */
  LOGIN_SOURCE_MAX_ATTEMPTS: z.coerce.number().int().positive().default(LOGIN_SOURCE_MAX_ATTEMPTS),
  /** AWS: the bucket of datasets' source files (stateful stack). Absent locally. */
  SOURCE_BUCKET: z.string().min(1).optional(),
  /** Local only: the directory of source files (default .data/sources under the working directory). */
  SOURCES_DIR: z.string().min(1).optional(),
  /** AWS: the function that runs scan jobs (invoked asynchronously). Absent locally: scans run in-process. */
  SCAN_WORKER_FUNCTION: z.string().min(1).optional(),
  /** AWS: the agent sync function (Sync now and configure invoke it asynchronously). Absent locally: syncs run in-process. */
  AGENT_SYNC_FUNCTION: z.string().min(1).optional(),
  /** Enables the QA routes (/qa/*, /api/qa-validation/*); off unless set. */
  QA_MODE: booleanFlag,
  /** The web app's address (preflight checks its assets and headers); locally the request's own host. */
  WEB_URL: z.url().optional(),
  /** Sender of outgoing e-mail (invitations); SES needs it verified. */
  MAIL_FROM: z.string().min(3).default('Quality Desk <no-reply@qualitydesk.dev>'),
  /** AWS: the SES configuration set outgoing mail is sent with (optional). */
  SES_CONFIGURATION_SET: z.string().min(1).optional(),
  /** Local only: the SMTP server outgoing mail goes to (npm start and the tests run one). */
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().positive().optional(),
  /** Base URL of the web app for links in e-mails; unset, the request's Origin is used. */
  APP_URL: z.url().optional(),
  /** AWS: the WebSocket API's callback URL (https://<api>.execute-api.<region>.amazonaws.com/<stage>) writers post real-time events to. */
  WEBSOCKET_ENDPOINT: z.url().optional(),
  /** AWS: the stage's KMS key (ARN) that wraps the data keys of customer secrets (issue 14). */
  KMS_KEY_ID: z.string().min(1).max(2048).optional(),
  /** Local only: the key file that stands in for KMS (default .data/local-kms.key). */
  LOCAL_KEY_FILE: z.string().min(1).optional(),
  /** Local only: agent endpoints on loopback (the reference agent) may be called; never honoured in AWS. */
  AGENT_ALLOW_LOOPBACK: booleanFlag,
  /** A directory of PEM certificates trusted for agent calls besides the public CAs (the reference agent's self-signed one). */
  AGENT_TRUST_DIR: z.string().min(1).optional(),
  /** Milliseconds an outbound call to an agent may take before it is abandoned (default 10 s). */
  AGENT_TIMEOUT_MS: z.coerce.number().int().positive().max(120_000).default(10_000),
});

export type Config = {
  stage: string;
  region: string;
  tableName: string;
  userPoolId: string;
  userPoolClientId: string;
  dynamodbEndpoint?: string;
  cognitoEndpoint?: string;
  demoMode: boolean;
  emergencyAccessCode: string;
  appVersion: string;
  loginLockSeconds: number;
  loginSourceMaxAttempts: number;
  sourceBucket?: string;
  sourcesDir?: string;
  scanWorkerFunction?: string;
  agentSyncFunction?: string;
  qaMode: boolean;
  webUrl?: string;
  mailFrom: string;
  sesConfigurationSet?: string;
  smtp?: { host: string; port: number };
  appUrl?: string;
  websocketEndpoint?: string;
  kmsKeyId?: string;
  localKeyFile: string;
  agentAllowLoopback: boolean;
  agentTimeoutMs: number;
  agentTrustDir?: string;
  /** Local mode: talking to emulators rather than AWS. */
  local: boolean;
};

let cached: Config | undefined;

export function getConfig(): Config {
  if (cached) return cached;
  const env = configSchema.safeParse(process.env);
  if (!env.success) {
    const names = env.error.issues.map((i) => i.path.join('.')).join(', ');
    throw new Error(`Invalid configuration: ${names}`);
  }
  const e = env.data;
  cached = {
    stage: e.STAGE,
    region: e.AWS_REGION,
    tableName: e.TABLE_NAME,
    userPoolId: e.USER_POOL_ID,
    userPoolClientId: e.USER_POOL_CLIENT_ID,
    dynamodbEndpoint: e.DYNAMODB_ENDPOINT,
    cognitoEndpoint: e.COGNITO_ENDPOINT,
    demoMode: e.DEMO_MODE,
    emergencyAccessCode: e.EMERGENCY_ACCESS_CODE,
    appVersion: e.APP_VERSION,
    loginLockSeconds: e.LOGIN_LOCK_SECONDS,
    loginSourceMaxAttempts: e.LOGIN_SOURCE_MAX_ATTEMPTS,
    sourceBucket: e.SOURCE_BUCKET,
    sourcesDir: e.SOURCES_DIR,
    scanWorkerFunction: e.SCAN_WORKER_FUNCTION,
    agentSyncFunction: e.AGENT_SYNC_FUNCTION,
    qaMode: e.QA_MODE,
    webUrl: e.WEB_URL?.replace(/\/$/, ''),
    mailFrom: e.MAIL_FROM,
    sesConfigurationSet: e.SES_CONFIGURATION_SET,
    smtp: e.SMTP_PORT ? { host: e.SMTP_HOST ?? '127.0.0.1', port: e.SMTP_PORT } : undefined,
    appUrl: e.APP_URL,
    websocketEndpoint: e.WEBSOCKET_ENDPOINT,
    kmsKeyId: e.KMS_KEY_ID,
    localKeyFile: e.LOCAL_KEY_FILE ?? '.data/local-kms.key',
    agentAllowLoopback: Boolean(e.COGNITO_ENDPOINT) && e.AGENT_ALLOW_LOOPBACK,
    agentTimeoutMs: e.AGENT_TIMEOUT_MS,
    agentTrustDir: e.AGENT_TRUST_DIR,
    local: Boolean(e.COGNITO_ENDPOINT),
  };
  return cached;
}
