import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, table } from './client';
import { keys } from './keys';

// Counters that protect sign-in and emergency access. Items expire by TTL (expiresAt, epoch s).

export interface Guard {
  failures: number;
  lockedUntil?: number;
  windowStart?: number;
}

type GuardKey = { pk: string; sk: string };

async function read(key: GuardKey): Promise<Guard> {
  const out = await documentClient().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }));
  return {
    failures: Number(out.Item?.failures ?? 0),
    lockedUntil: out.Item?.lockedUntil as number | undefined,
    windowStart: out.Item?.windowStart as number | undefined,
  };
}

/** Adds one failure atomically and answers the new count. */
async function addFailure(key: GuardKey, nowMs: number, ttlSeconds: number): Promise<number> {
  const out = await documentClient().send(
    new UpdateCommand({
      TableName: table(),
      Key: key,
      UpdateExpression: 'ADD failures :one SET expiresAt = :exp, windowStart = if_not_exists(windowStart, :now)',
      ExpressionAttributeValues: { ':one': 1, ':exp': Math.floor(nowMs / 1000) + ttlSeconds, ':now': nowMs },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return Number(out.Attributes?.failures ?? 1);
}

async function lock(key: GuardKey, untilMs: number): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: table(),
      Key: key,
      UpdateExpression: 'SET lockedUntil = :until, expiresAt = :exp',
      ExpressionAttributeValues: { ':until': untilMs, ':exp': Math.floor(untilMs / 1000) + 60 },
    }),
  );
}

async function clear(key: GuardKey): Promise<void> {
  await documentClient().send(new DeleteCommand({ TableName: table(), Key: key }));
}

export const guardRepository = {
  login: {
    read: (email: string) => read(keys.loginGuard(email)),
    addFailure: (email: string, nowMs: number, ttlSeconds: number) => addFailure(keys.loginGuard(email), nowMs, ttlSeconds),
    lock: (email: string, untilMs: number) => lock(keys.loginGuard(email), untilMs),
    clear: (email: string) => clear(keys.loginGuard(email)),
  },
  emergency: {
    read: (email: string) => read(keys.emergencyGuard(email)),
    addFailure: (email: string, nowMs: number, ttlSeconds: number) => addFailure(keys.emergencyGuard(email), nowMs, ttlSeconds),
    clear: (email: string) => clear(keys.emergencyGuard(email)),
  },
};
export type GuardStore = typeof guardRepository.login;
