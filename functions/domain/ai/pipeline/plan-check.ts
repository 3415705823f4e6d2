import type { Subscription } from '../../../../shared/constants';
import { FREE_PLAN_MESSAGE, PLANS } from '../../../../shared/plans';
import { PaymentRequired } from '../../errors';

/** The Free plan has no AI suggestions (spec 2 §9): 402 with a message the UI shows as is. */
export function requireAiPlan(subscription: Subscription): void {
  if (!PLANS[subscription].aiSuggestions) throw new PaymentRequired(FREE_PLAN_MESSAGE);
}
