import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { Conflict } from '../../domain/errors';
import type { StripeEventStore } from '../../domain/billing/stripe-webhook';
import type { OrganizationRecord } from '../../domain/tenancy/records';
import { documentClient, table } from './client';
import { items } from './items';
import * as keys from './keys';
import { teamItems } from './team-repository';
import { tenancyRepository } from './tenancy-repository';

// Stripe webhook events (issue 16 §4): the event's id item (keys.stripeEvent, under the
// organization, so the tenant purge removes it), the organization's change and its audit entry are
// one transaction. The id item's condition makes a redelivered event a no-op; the organization's
// (its updatedAt as read) keeps a concurrent change from being lost.

export const stripeEventsRepository: StripeEventStore = {
  getOrganization: (id) => tenancyRepository.getOrganization(id),
  async commitStripeEvent(commit) {
    const eventItem = { ...keys.stripeEvent(commit.organizationId, commit.eventId), kind: 'stripeEvent', eventId: commit.eventId, eventType: commit.eventType, receivedAt: commit.receivedAt };
    const TransactItems: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [
      { Put: { TableName: table(), Item: eventItem, ConditionExpression: 'attribute_not_exists(pk)' } },
    ];
    if (commit.organization) {
      const { next, previous, audit } = commit.organization;
      const expected = (previous as { updatedAt?: string }).updatedAt;
      TransactItems.push(
        {
          Put: {
            TableName: table(),
            Item: items.organization({ ...next, updatedAt: audit.at } as OrganizationRecord),
            ConditionExpression: expected === undefined ? 'attribute_exists(pk) AND attribute_not_exists(updatedAt)' : 'attribute_exists(pk) AND updatedAt = :v',
            ...(expected === undefined ? {} : { ExpressionAttributeValues: { ':v': expected } }),
          },
        },
        { Put: { TableName: table(), Item: teamItems.audit(audit), ConditionExpression: 'attribute_not_exists(pk)' } },
      );
    }
    try {
      await documentClient().send(new TransactWriteCommand({ TransactItems }));
      return 'applied';
    } catch (error) {
      if (error instanceof TransactionCanceledException) {
        const [event, organization] = error.CancellationReasons ?? [];
        if (event?.Code === 'ConditionalCheckFailed') return 'duplicate';
        if (organization?.Code === 'ConditionalCheckFailed') throw new Conflict('The organization changed meanwhile');
      }
      throw error;
    }
  },
};
