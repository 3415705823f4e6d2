import { z } from 'zod';

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
  /** AWS: the bucket of datasets' source files (stateful stack). Absent locally. */
  SOURCE_BUCKET: z.string().min(1).optional(),
  /** Local only: the directory of source files (default .data/sources under the working directory). */
  SOURCES_DIR: z.string().min(1).optional(),
  /** AWS: the function that runs scan jobs (invoked asynchronously). Absent locally: scans run in-process. */
  SCAN_WORKER_FUNCTION: z.string().min(1).optional(),
  /** Enables the QA routes (/qa/*, /api/qa-validation/*); off unless set. */
  QA_MODE: booleanFlag,
  /** The web app's address (preflight checks its assets and headers); locally the request's own host. */
  WEB_URL: z.url().optional(),
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
  sourceBucket?: string;
  sourcesDir?: string;
  scanWorkerFunction?: string;
  qaMode: boolean;
  webUrl?: string;
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
    sourceBucket: e.SOURCE_BUCKET,
    sourcesDir: e.SOURCES_DIR,
    scanWorkerFunction: e.SCAN_WORKER_FUNCTION,
    qaMode: e.QA_MODE,
    webUrl: e.WEB_URL?.replace(/\/$/, ''),
    local: Boolean(e.COGNITO_ENDPOINT),
  };
  return cached;
}
