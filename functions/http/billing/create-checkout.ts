import { checkoutRequestSchema } from '../../../shared/schemas/billing';
import { startCheckout } from '../../domain/billing/billing';
import { appUrl } from '../team/deps';
import { defineRoute, requireCaller } from '../define-route';
import { billingDeps } from './deps';

// POST /api/billing/checkout-sessions {plan, billingCycle}: an account owner starts a checkout.
export const handler = defineRoute({ body: checkoutRequestSchema }, async (input) => ({
  status: 201,
  body: { success: true, ...(await startCheckout(billingDeps(), requireCaller(input), input.body, appUrl(input.event))) },
}));
