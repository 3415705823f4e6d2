import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { CheckoutProvider, CheckoutSession } from '../../domain/billing/ports';
import { documentClient, table } from '../dynamodb/client';
import * as keys from '../dynamodb/keys';

// The built-in checkout (local stack, or a deployment without Stripe): a Teams trial needs no
// payment, so the session is complete when created and the customer goes straight to the
// success page, which starts the trial from the stored session like it does from Stripe's.

export function builtinCheckout(newId: () => string, now: () => Date = () => new Date()): CheckoutProvider {
  return {
    name: 'builtin',
    async createSession(request) {
      const id = `cs_local_${newId()}`;
      const session: CheckoutSession = { id, organizationId: request.organizationId, plan: request.plan, billingCycle: request.billingCycle, status: 'complete', customerEmail: request.customerEmail };
      await documentClient().send(
        new PutCommand({
          TableName: table(),
          Item: { ...keys.checkoutSession(request.organizationId, id), kind: 'checkoutSession', ...session, createdAt: now().toISOString() },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return { id, url: request.successUrl.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(id)) };
    },
    async getSession(id, organizationId) {
      const out = await documentClient().send(new GetCommand({ TableName: table(), Key: keys.checkoutSession(organizationId, id) }));
      if (!out.Item) return undefined;
      const item = out.Item as CheckoutSession & Record<string, unknown>;
      return { id: item.id, organizationId: item.organizationId, plan: item.plan, billingCycle: item.billingCycle, status: item.status, customerEmail: item.customerEmail ?? null };
    },
  };
}
