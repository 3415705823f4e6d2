import { aiStores } from '../../adapters/ai/wiring';
import { checkoutProvider } from '../../adapters/billing/checkout-config';
import { organizationsRepository } from '../../adapters/dynamodb/organizations-repository';
import type { BillingDeps } from '../../domain/billing/ports';
import { systemClock } from '../../lib/clock';

let checkout: BillingDeps['checkout'] | undefined;

export function billingDeps(): BillingDeps {
  checkout ??= checkoutProvider();
  return { checkout, store: organizationsRepository, clock: systemClock };
}

export function planDeps() {
  return { ...billingDeps(), ledger: aiStores.ledger };
}
