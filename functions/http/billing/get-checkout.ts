import { checkoutSessionParamsSchema } from '../../../shared/schemas/billing';
import { readCheckoutSession } from '../../domain/billing/billing';
import { defineRoute, requireCaller } from '../define-route';
import { billingDeps } from './deps';

// GET /api/billing/checkout-sessions/{sessionId}: the billing success page reads its session; a
// complete one starts the organization's Teams trial (once).
export const handler = defineRoute({ params: checkoutSessionParamsSchema }, async (input) => ({
  body: { success: true, ...(await readCheckoutSession(billingDeps(), requireCaller(input), input.params.sessionId)) },
}));
