import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient, table } from './client';

// Paged queries, bounded by one partition (or one index key), never a Scan. Every repository pages
// through these rather than writing its own ExclusiveStartKey loop.

export type Item = Record<string, unknown>;
type Input = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>;

/** Every item a query matches. */
export async function queryAll(input: Input): Promise<Item[]> {
  const out: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(new QueryCommand({ TableName: table(), ...input, ExclusiveStartKey: start }));
    out.push(...((page.Items ?? []) as Item[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

/** How many items a query matches, without reading them. */
export async function countAll(input: Omit<Input, 'Select'>): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(new QueryCommand({ TableName: table(), ...input, Select: 'COUNT', ExclusiveStartKey: start }));
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
}

/** A key condition on a partition, optionally narrowed to a sort-key prefix. */
export function partitionQuery(pk: string, skPrefix?: string): Pick<QueryCommandInput, 'KeyConditionExpression' | 'ExpressionAttributeValues'> {
  return skPrefix
    ? { KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)', ExpressionAttributeValues: { ':pk': pk, ':sk': skPrefix } }
    : { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk } };
}
