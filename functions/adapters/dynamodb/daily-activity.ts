import { activityOfChanges, emptyDay, TIME_TO_RESOLVE_BUCKETS, type DailyActivity } from '../../domain/dashboard/daily-activity';
import type { DatasetRef } from '../../domain/issues/issue-store';
import { memberActivityOfChanges, type MemberDay } from '../../domain/progress/member-activity';
import type { PlannedChange } from '../../domain/issues/transitions';
import { table } from './client';
import * as keys from './keys';
import { queryAll } from './query';

// The daily activity records of a dataset (issue 12 §2). Writers add the update of a day's
// record to the transaction that makes the change (issue commits, scan inserts): ADD on numbers
// needs no read and no version, so it never makes a transaction stale — only, like any item two
// transactions share, a conflict that the writers already retry.

const ttrAttribute = (i: number) => `ttr${i}`;
const hourAttribute = (h: number) => `rh${h}`;

/** The stored numbers of a day's record (time-to-resolve and hourly buckets only where non-zero; read as 0 when absent). */
export function dailyActivityNumbers(day: DailyActivity): Record<string, number> {
  const numbers: Record<string, number> = {
    opened: day.opened,
    resolved: day.resolved,
    muted: day.muted,
    unmuted: day.unmuted,
    ai_accepted: day.aiAccepted,
    open_delta: day.openDelta,
  };
  day.timeToResolve.forEach((n, i) => {
    if (n !== 0) numbers[ttrAttribute(i)] = n;
  });
  day.resolvedByHour.forEach((n, h) => {
    if (n !== 0) numbers[hourAttribute(h)] = n;
  });
  return numbers;
}

/** One transaction item per touched day: an ADD of the day's deltas. */
export function dailyActivityUpdates(ref: DatasetRef, days: readonly DailyActivity[]) {
  return days.map((day) => {
    const numbers = dailyActivityNumbers(day);
    const names: Record<string, string> = { '#kind': 'kind', '#ds': 'dataset_id', '#date': 'date' };
    const values: Record<string, unknown> = { ':kind': 'dailyActivity', ':ds': ref.datasetId, ':date': day.date };
    const adds: string[] = [];
    Object.entries(numbers).forEach(([name, n], i) => {
      names[`#n${i}`] = name;
      values[`:n${i}`] = n;
      adds.push(`#n${i} :n${i}`);
    });
    return {
      Update: {
        TableName: table(),
        Key: keys.dailyActivity(ref.organizationId, ref.instanceId, ref.datasetId, day.date),
        UpdateExpression: `SET #kind = :kind, #ds = :ds, #date = :date ADD ${adds.join(', ')}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    };
  });
}

const MEMBER_NUMBERS = { resolved: 'resolved', aiFixed: 'ai_fixed', muted: 'muted', unmuted: 'unmuted' } as const satisfies Record<Exclude<keyof MemberDay, 'email' | 'date'>, string>;

/** One transaction item per member and touched day (issue 13 item 5): an ADD of what they did. */
export function memberActivityUpdates(ref: DatasetRef, days: readonly MemberDay[]) {
  return days.map((day) => {
    const names: Record<string, string> = { '#kind': 'kind', '#ds': 'dataset_id', '#date': 'date', '#email': 'email' };
    const values: Record<string, unknown> = { ':kind': 'memberActivity', ':ds': ref.datasetId, ':date': day.date, ':email': day.email };
    const adds: string[] = [];
    Object.entries(MEMBER_NUMBERS).forEach(([field, attribute], i) => {
      const n = day[field as keyof typeof MEMBER_NUMBERS];
      if (n === 0) return;
      names[`#n${i}`] = attribute;
      values[`:n${i}`] = n;
      adds.push(`#n${i} :n${i}`);
    });
    return {
      Update: {
        TableName: table(),
        Key: keys.memberDailyActivity(ref.organizationId, ref.instanceId, ref.datasetId, day.email, day.date),
        UpdateExpression: `SET #kind = :kind, #ds = :ds, #date = :date, #email = :email ADD ${adds.join(', ')}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    };
  });
}

/** A whole member record (loading data: seed and fixtures). */
export function memberActivityItem(ref: DatasetRef, day: MemberDay): Record<string, unknown> {
  return {
    ...keys.memberDailyActivity(ref.organizationId, ref.instanceId, ref.datasetId, day.email, day.date),
    kind: 'memberActivity',
    dataset_id: ref.datasetId,
    date: day.date,
    email: day.email,
    ...Object.fromEntries(Object.entries(MEMBER_NUMBERS).map(([field, attribute]) => [attribute, day[field as keyof typeof MEMBER_NUMBERS]])),
  };
}

/** A member's daily records of a dataset from one date to another (inclusive), oldest first. */
export async function readMemberActivity(ref: DatasetRef, email: string, from: string, to: string): Promise<MemberDay[]> {
  const range = keys.memberDailyActivityRange(ref.organizationId, ref.instanceId, ref.datasetId, email, from, to);
  const found = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': range.pk, ':from': range.from, ':to': range.to },
    ConsistentRead: true,
  });
  return found.map((item) => {
    const n = (name: string) => (typeof item[name] === 'number' ? (item[name] as number) : 0);
    return { email, date: String(item.date), resolved: n('resolved'), aiFixed: n('ai_fixed'), muted: n('muted'), unmuted: n('unmuted') };
  });
}

/** The transaction items of a set of issue changes, with their days' activity and their authors' added. */
export function withDailyActivity<T>(
  ref: DatasetRef,
  changes: readonly PlannedChange[],
  transactionItems: readonly T[],
): Array<T | ReturnType<typeof dailyActivityUpdates>[number] | ReturnType<typeof memberActivityUpdates>[number]> {
  return [...transactionItems, ...dailyActivityUpdates(ref, activityOfChanges(changes)), ...memberActivityUpdates(ref, memberActivityOfChanges(changes))];
}

/** A stored daily record as a day's activity. */
export function dayFromItem(item: Record<string, unknown>): DailyActivity {
  const n = (name: string) => (typeof item[name] === 'number' ? (item[name] as number) : 0);
  const day = emptyDay(String(item.sk));
  return {
    ...day,
    opened: n('opened'),
    resolved: n('resolved'),
    muted: n('muted'),
    unmuted: n('unmuted'),
    aiAccepted: n('ai_accepted'),
    openDelta: n('open_delta'),
    timeToResolve: Array.from({ length: TIME_TO_RESOLVE_BUCKETS }, (_, i) => n(ttrAttribute(i))),
    resolvedByHour: Array.from({ length: 24 }, (_, h) => n(hourAttribute(h))),
  };
}

/** A dataset's daily records from one date to another (YYYY-MM-DD, inclusive), oldest first. */
export async function readDailyActivity(ref: DatasetRef, from: string, to: string): Promise<DailyActivity[]> {
  const range = keys.dailyActivityRange(ref.organizationId, ref.instanceId, ref.datasetId, from, to);
  const found = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': range.pk, ':from': range.from, ':to': range.to },
    ConsistentRead: true,
  });
  return found.map(dayFromItem);
}

/** Every daily record of a dataset (reset deletes them with the issues). */
export async function dailyActivityKeys(ref: DatasetRef): Promise<Array<{ pk: string; sk: string }>> {
  const pk = keys.dailyActivity(ref.organizationId, ref.instanceId, ref.datasetId, '').pk;
  return (await queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ProjectionExpression: 'pk, sk' })) as Array<{ pk: string; sk: string }>;
}
