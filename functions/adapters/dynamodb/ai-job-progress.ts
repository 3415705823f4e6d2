import { countingProjection, issueIdsOfItem } from './credit-items';
import * as keys from './keys';
import { partitionQuery, queryAll } from './query';

/**
 * How many rows of an AI job are done. Processed rows (a stored suggestion or a definite
 * abstention) are in the job's credit groups; the other outcomes leave a marker. A row counts once.
 */
export async function countJobOutcomes(orgId: string, jobId: string): Promise<number> {
  const credits = keys.creditsOfJob(orgId, jobId);
  const [markers, charged] = await Promise.all([
    queryAll({ ...partitionQuery(keys.aiJobOutcomes(orgId, jobId).pk), ProjectionExpression: 'sk', ConsistentRead: true }),
    queryAll(countingProjection({ ...partitionQuery(credits.pk, credits.skPrefix), ConsistentRead: true })),
  ]);
  return new Set([...markers.map((item) => keys.issueIdFromOutcomeKey(String(item.sk))), ...charged.flatMap(issueIdsOfItem)]).size;
}
