import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { MarketingStats } from '../../../shared/schemas/marketing';
import type { SignupRecord, SignupStore, StatsCache, StatsSource } from '../../domain/marketing/ports';
import { documentClient, table } from './client';
import * as keys from './keys';
import { stripKeys } from './keys';
import { sumChargedRows } from './credit-items';
import { countAll, partitionQuery } from './query';
import { tenancyRepository } from './tenancy-repository';

// Marketing signups, their rate limit and the cached landing-page figures (issue 16).

async function getItem(key: { pk: string; sk: string }, consistent = false): Promise<Record<string, unknown> | undefined> {
  const out = await documentClient().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: consistent }));
  return out.Item;
}

export const signupRepository: SignupStore = {
  async createSignup(record: SignupRecord) {
    const key = keys.marketingSignup(record.email);
    try {
      await documentClient().send(
        new PutCommand({
          TableName: table(),
          Item: { ...key, ...keys.signupByTime(record.createdAt, record.email), kind: 'marketingSignup', ...record },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return { created: true };
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      const existing = await getItem(key, true);
      return { created: false, existing: stripKeys(existing ?? {}) as unknown as SignupRecord };
    }
  },

  async countAttempt(clientHash, windowStart, expiresAtSeconds) {
    const out = await documentClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.signupRate(clientHash, windowStart),
        UpdateExpression: 'ADD attempts :one SET expiresAt = :exp',
        ExpressionAttributeValues: { ':one': 1, ':exp': expiresAtSeconds },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(out.Attributes?.attempts ?? 1);
  },

  async countSignupsSince(sinceIso) {
    const { gsi1pk, gsi1skFrom } = keys.signupsSince(sinceIso);
    return countAll({
      IndexName: 'byLookup',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk >= :from',
      ExpressionAttributeValues: { ':pk': gsi1pk, ':from': gsi1skFrom },
    });
  },
};

export const statsSource: StatsSource = {
  organizationIds: async () => (await tenancyRepository.listOrganizations()).map((o) => o.id),
  instanceIds: async (orgId) => (await tenancyRepository.listInstances(orgId)).map((i) => i.id),
  datasets: async (orgId, instanceId) =>
    (await tenancyRepository.listDatasets(orgId, instanceId)).map((d) => ({ totalRecords: d.totalRecords ?? 0, ...d.counts })),
  aiRowsProcessed: async (orgId) => {
    const ledger = keys.creditLedger(orgId);
    return sumChargedRows(partitionQuery(ledger.pk, ledger.skPrefix));
  },
};

export const statsCache: StatsCache = {
  async read() {
    const item = await getItem(keys.marketingStats());
    return item ? (item.stats as MarketingStats) : undefined;
  },
  async write(stats) {
    await documentClient().send(new PutCommand({ TableName: table(), Item: { ...keys.marketingStats(), kind: 'marketingStats', stats } }));
  },
};
