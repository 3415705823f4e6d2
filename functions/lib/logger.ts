// Structured JSON logs through Powertools for AWS Lambda (issue 9 item 7). Never pass tokens,
// passwords or cookies in fields.
//
// The exported `logger` keeps the small API every call site uses (`logger.info(message, fields)`);
// behind it one Powertools Logger adds the Lambda context (function name, request id, cold start)
// and the request's correlation id. The correlation id lives in an AsyncLocalStorage, not in the
// logger's keys: locally every route runs in ONE process with concurrent requests, so keys appended
// to a shared logger would leak from one request into another.
import { AsyncLocalStorage } from 'node:async_hooks';
import { Logger } from '@aws-lambda-powertools/logger';
import type { Context } from 'aws-lambda';

type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export const SERVICE_NAME = 'quality-desk';

/** What one request (or one job) carries into every log line and metric written on its behalf. */
export interface LogScope {
  correlationId: string;
  /** The Lambda (or local) context of the invocation, when there is one. */
  context?: Context;
}

const scopes = new AsyncLocalStorage<LogScope>();

let powertools: Logger | undefined;

/** In AWS a container serves one invocation at a time, so Powertools may hold the context itself. */
const inLambda = (): boolean => Boolean(process.env.AWS_LAMBDA_FUNCTION_NAME);

function threshold(): number {
  // Read per line, as before: tests and the local stack set LOG_LEVEL after modules are loaded.
  const level = (process.env.LOG_LEVEL ?? 'info').toLowerCase() as Level;
  return ORDER[level] ?? ORDER.info;
}

function instance(): Logger {
  // Created on first use (not at import): a route that never logs pays nothing at cold start.
  // The facade filters by LOG_LEVEL; Powertools writes whatever passes.
  powertools ??= new Logger({ serviceName: SERVICE_NAME, logLevel: 'DEBUG' });
  return powertools;
}

function contextFields(scope: LogScope | undefined): Record<string, unknown> {
  if (!scope) return {};
  const c = inLambda() ? undefined : scope.context;
  return {
    correlation_id: scope.correlationId,
    ...(c
      ? {
          function_name: c.functionName,
          function_request_id: c.awsRequestId,
          function_memory_size: Number(c.memoryLimitInMB) || undefined,
          function_arn: c.invokedFunctionArn,
        }
      : {}),
  };
}

function write(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  if (ORDER[level] < threshold()) return;
  const extra = { ...contextFields(scopes.getStore()), ...fields };
  instance()[level](message, extra);
}

export const logger = {
  debug: (m: string, f?: Record<string, unknown>) => write('debug', m, f),
  info: (m: string, f?: Record<string, unknown>) => write('info', m, f),
  warn: (m: string, f?: Record<string, unknown>) => write('warn', m, f),
  error: (m: string, f?: Record<string, unknown>) => write('error', m, f),
};

/** The scope of the running request or job, if any. */
export function currentLogScope(): LogScope | undefined {
  return scopes.getStore();
}

/** The correlation id of the running request or job, if any (queue messages and scan jobs carry it). */
export function currentCorrelationId(): string | undefined {
  return scopes.getStore()?.correlationId;
}

/** Runs `work` with the given correlation id and Lambda context on every log line and metric. */
export function withLogScope<T>(scope: LogScope, work: () => T): T {
  return scopes.run(scope, work);
}

/**
 * Enters a scope for the rest of the current async flow (the middleware chain's first `before`
 * step: everything the handler awaits afterwards sees it). In AWS, Powertools takes the Lambda
 * context itself (function name, ARN, memory, request id, cold start); locally the same fields come
 * from the scope, since one process serves many requests at once.
 */
export function enterLogScope(scope: LogScope): void {
  scopes.enterWith(scope);
  if (scope.context && inLambda()) instance().addContext(scope.context);
}

const CORRELATION_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/** A caller-supplied correlation id is kept only when it is short and plain; otherwise ours is used. */
export function acceptCorrelationId(candidate: string | undefined, fallback: string): string {
  const value = candidate?.trim();
  return value && CORRELATION_ID.test(value) ? value : fallback;
}
