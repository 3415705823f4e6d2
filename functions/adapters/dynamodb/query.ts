import { BatchGetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { backoff } from './backoff';
import { documentClient, table } from './client';

// Paged queries, bounded by one partition (or one index key), never a Scan, and batched reads of
// known keys. Every repository pages through these rather than writing its own ExclusiveStartKey
// or UnprocessedKeys loop.

export type Item = Record<string, unknown>;
type Input = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>;

/** The pages of a query's answer, one request each, until the last. */
async function* pagesOf(input: Input) {
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(new QueryCommand({ TableName: table(), ...input, ExclusiveStartKey: start }));
    yield page;
    start = page.LastEvaluatedKey;
  } while (start);
}

/** Every item a query matches. */
export async function queryAll(input: Input): Promise<Item[]> {
  const out: Item[] = [];
  for await (const page of pagesOf(input)) out.push(...((page.Items ?? []) as Item[]));
  return out;
}

/** How many items a query matches, without reading them. */
export async function countAll(input: Omit<Input, 'Select'>): Promise<number> {
  let count = 0;
  for await (const page of pagesOf({ ...input, Select: 'COUNT' })) count += page.Count ?? 0;
  return count;
}

/** The sum of `valueOf` over the items a query matches, read page by page (none kept). */
export async function sumAll(input: Input, valueOf: (item: Item) => number): Promise<number> {
  let sum = 0;
  for await (const page of pagesOf(input)) for (const item of (page.Items ?? []) as Item[]) sum += valueOf(item);
  return sum;
}

/** A key condition on a partition, optionally narrowed to a sort-key prefix. */
export function partitionQuery(pk: string, skPrefix?: string): Pick<QueryCommandInput, 'KeyConditionExpression' | 'ExpressionAttributeValues'> {
  return skPrefix
    ? { KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)', ExpressionAttributeValues: { ':pk': pk, ':sk': skPrefix } }
    : { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk } };
}

const BATCH_GET_SIZE = 100;

/**
 * The items of these keys (those that exist), read in batches of 100 side by side; keys DynamoDB
 * leaves unprocessed are asked for again after a short, growing pause. Consistent reads.
 */
export async function batchGetAll(itemKeys: ReadonlyArray<{ pk: string; sk: string }>): Promise<Item[]> {
  const unique = [...new Map(itemKeys.map((k) => [`${k.pk}\u0000${k.sk}`, { pk: k.pk, sk: k.sk }])).values()];
  const batches: Array<Array<{ pk: string; sk: string }>> = [];
  for (let i = 0; i < unique.length; i += BATCH_GET_SIZE) batches.push(unique.slice(i, i + BATCH_GET_SIZE));
  const found = await Promise.all(
    batches.map(async (batch) => {
      const out: Item[] = [];
      let request: Record<string, { Keys: Item[]; ConsistentRead: boolean }> | undefined = { [table()]: { Keys: batch, ConsistentRead: true } };
      for (let attempt = 0; request && Object.keys(request).length > 0; attempt++) {
        if (attempt > 0) await backoff(attempt);
        const page = await documentClient().send(new BatchGetCommand({ RequestItems: request }));
        out.push(...((page.Responses?.[table()] ?? []) as Item[]));
        request = page.UnprocessedKeys as typeof request;
      }
      return out;
    }),
  );
  return found.flat();
}
