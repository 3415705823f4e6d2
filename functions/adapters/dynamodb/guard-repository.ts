import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { LOGIN_KNOWN_SOURCE_DAYS } from '../../../shared/constants';
import { windowFor, type AttemptBuckets, type Bucket, type BucketRule, type KnownSources, type Reservation } from '../../domain/session/attempt-guard';
import { documentClient, table } from './client';
import * as keys from './keys';

// The attempt buckets of sign-in and emergency access (domain/session/attempt-guard.ts). A
// reservation is ONE conditional update (ADD attempts 1 only while the window is open and below
// its maximum), so concurrent requests can never reserve more than the maximum; a window that
// ended is replaced by a conditional put, so only one request opens the next. Items expire by TTL.

type Key = { pk: string; sk: string };

interface BucketItem {
  attempts?: number;
  windowEnd?: number;
  level?: number;
  sources?: Set<string>;
}

function keyOf(bucket: Bucket): Key {
  switch (bucket.kind) {
    case 'loginPair':
      return keys.loginPair(bucket.account, bucket.source);
    case 'loginSource':
      return keys.loginSource(bucket.source);
    case 'loginAccount':
      return keys.loginAccount(bucket.account);
    case 'emergency':
      return keys.emergencyGuard(bucket.account, bucket.source);
  }
}

async function read(key: Key): Promise<BucketItem | undefined> {
  const out = await documentClient().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }));
  return out.Item as BucketItem | undefined;
}

const conditionFailed = (error: unknown) => error instanceof ConditionalCheckFailedException || (error instanceof Error && error.name === 'ConditionalCheckFailedException');

function full(item: BucketItem, rule: BucketRule): boolean {
  return (item.attempts ?? 0) >= rule.max && (!rule.minSources || (item.sources?.size ?? 0) >= rule.minSources);
}

async function reserve(bucket: Bucket, rule: BucketRule, nowMs: number, source?: string): Promise<Reservation> {
  const key = keyOf(bucket);
  const withSource = source !== undefined && rule.minSources !== undefined;
  for (let round = 0; round < 6; round++) {
    try {
      const out = await documentClient().send(
        new UpdateCommand({
          TableName: table(),
          Key: key,
          UpdateExpression: withSource ? 'ADD attempts :one, sources :source' : 'ADD attempts :one',
          ConditionExpression: rule.minSources
            ? 'windowEnd > :now AND (attempts < :max OR size(sources) < :minSources)'
            : 'windowEnd > :now AND attempts < :max',
          ExpressionAttributeValues: {
            ':one': 1,
            ':now': nowMs,
            ':max': rule.max,
            ...(rule.minSources ? { ':minSources': rule.minSources } : {}),
            ...(withSource ? { ':source': new Set([source]) } : {}),
          },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return { reserved: true, count: Number(out.Attributes?.attempts ?? 1) };
    } catch (error) {
      if (!conditionFailed(error)) throw error;
    }
    const item = await read(key);
    if (item?.windowEnd !== undefined && item.windowEnd > nowMs) {
      if (full(item, rule)) return { reserved: false, retryAtMs: item.windowEnd };
      continue; // changed between the update and the read: try again
    }
    // No window, or it ended: open the next one. A window that ended exhausted makes the next longer.
    const exhausted = item !== undefined && (item.attempts ?? 0) >= rule.max;
    const level = exhausted ? (item?.level ?? 0) + 1 : 0;
    const windowMs = windowFor(rule, level);
    const windowEnd = nowMs + windowMs;
    try {
      await documentClient().send(
        new PutCommand({
          TableName: table(),
          Item: {
            ...key,
            kind: 'attemptBucket',
            attempts: 1,
            windowEnd,
            level,
            ...(withSource ? { sources: new Set([source]) } : {}),
            // Kept one window beyond its end, so the growing delay is remembered.
            expiresAt: Math.ceil((windowEnd + windowMs) / 1000),
          },
          ConditionExpression: item ? 'windowEnd = :previousEnd' : 'attribute_not_exists(pk)',
          ...(item ? { ExpressionAttributeValues: { ':previousEnd': item.windowEnd ?? 0 } } : {}),
        }),
      );
      return { reserved: true, count: 1 };
    } catch (error) {
      if (!conditionFailed(error)) throw error;
    }
  }
  // Extreme contention: refuse rather than let an unreserved attempt through.
  return { reserved: false, retryAtMs: nowMs + 1000 };
}

async function release(bucket: Bucket): Promise<void> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: keyOf(bucket),
        UpdateExpression: 'ADD attempts :minusOne',
        ConditionExpression: 'attempts > :zero',
        ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
      }),
    );
  } catch (error) {
    if (!conditionFailed(error)) throw error;
  }
}

async function succeeded(bucket: Bucket): Promise<void> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: keyOf(bucket),
        UpdateExpression: 'ADD attempts :minusOne SET #level = :zero',
        ConditionExpression: 'attempts > :zero',
        ExpressionAttributeNames: { '#level': 'level' },
        ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
      }),
    );
  } catch (error) {
    if (!conditionFailed(error)) throw error;
  }
}

async function blockedUntil(bucket: Bucket, rule: BucketRule, nowMs: number): Promise<number | undefined> {
  const item = await read(keyOf(bucket));
  if (!item?.windowEnd || item.windowEnd <= nowMs || !full(item, rule)) return undefined;
  return item.windowEnd;
}

export const attemptBuckets: AttemptBuckets = { reserve, release, succeeded, blockedUntil };

export const knownSources: KnownSources = {
  async isKnown(account, source) {
    const item = await read(keys.loginKnownSources(account));
    return item?.sources?.has(source) ?? false;
  },
  async remember(account, source, nowMs) {
    await documentClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.loginKnownSources(account),
        UpdateExpression: 'ADD sources :source SET expiresAt = :exp, kind = :kind',
        ExpressionAttributeValues: {
          ':source': new Set([source]),
          ':exp': Math.ceil(nowMs / 1000) + LOGIN_KNOWN_SOURCE_DAYS * 86400,
          ':kind': 'loginKnownSources',
        },
      }),
    );
  },
};
