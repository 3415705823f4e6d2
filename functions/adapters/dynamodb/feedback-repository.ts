import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { FeedbackRecord, FeedbackStore } from '../../domain/ai/pipeline/ports';
import { documentClient, table } from './client';
import * as keys from './keys';
import { queryAll } from './query';

// People's feedback on suggestions and the votes it adds up to per rule (keys in keys.ts). Apart
// from the rest of the AI pipeline's state: the routes that only ask the provider read the votes,
// and need none of the pipeline's writes.

export const feedbackRepository: FeedbackStore = {
  async add(ref, feedback: FeedbackRecord) {
    const { organizationId: o, instanceId: i, datasetId: d } = ref;
    const id = `${feedback.at}#${Math.random().toString(36).slice(2, 10)}`;
    const writes: Array<Record<string, unknown>> = [{ Put: { TableName: table(), Item: { ...keys.aiFeedback(o, i, d, feedback.issueId, id), kind: 'aiFeedback', ...feedback } } }];
    if (feedback.rule) {
      const negative = feedback.feedback === 'down' || feedback.feedback === 'dismissed';
      writes.push({
        Update: {
          TableName: table(),
          Key: keys.aiRuleVotes(o, i, d, feedback.rule),
          UpdateExpression: `ADD ${negative ? 'negative' : 'positive'} :one SET kind = :kind, #rule = :rule`,
          ExpressionAttributeNames: { '#rule': 'rule' },
          ExpressionAttributeValues: { ':one': 1, ':kind': 'aiRuleVotes', ':rule': feedback.rule },
        },
      });
    }
    await documentClient().send(new TransactWriteCommand({ TransactItems: writes as never }));
  },
  async ruleVotes(ref) {
    const prefix = keys.aiRuleVotesPrefix(ref.organizationId, ref.instanceId, ref.datasetId);
    const items = await queryAll({ KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)', ExpressionAttributeValues: { ':pk': prefix.pk, ':sk': prefix.skPrefix } });
    return new Map(items.map((item) => [String(item.rule), { negative: Number(item.negative ?? 0), positive: Number(item.positive ?? 0) }]));
  },
};
