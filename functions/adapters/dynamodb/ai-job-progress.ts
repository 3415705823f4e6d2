import { issueIdsOfItem, LEDGER_COUNT_NAMES, LEDGER_COUNT_PROJECTION } from './credit-items';
import * as keys from './keys';
import { queryAll } from './query';

/**
 * How many rows of an AI job are done. Processed rows (a stored suggestion or a definite
 * abstention) are in the job's credit groups; the other outcomes leave a marker. A row counts once.
 */
export async function countJobOutcomes(orgId: string, jobId: string): Promise<number> {
  const credits = keys.creditsOfJob(orgId, jobId);
  const [markers, charged] = await Promise.all([
    queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.aiJobOutcomes(orgId, jobId).pk }, ProjectionExpression: 'sk', ConsistentRead: true }),
    queryAll({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
      ExpressionAttributeValues: { ':pk': credits.pk, ':sk': credits.skPrefix },
      ProjectionExpression: LEDGER_COUNT_PROJECTION,
      ExpressionAttributeNames: LEDGER_COUNT_NAMES,
      ConsistentRead: true,
    }),
  ]);
  const lastPart = (sk: unknown) => String(sk).slice(String(sk).lastIndexOf('#') + 1);
  return new Set([...markers.map((item) => lastPart(item.sk)), ...charged.flatMap(issueIdsOfItem)]).size;
}
