import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import * as z from 'zod';
import type { CheckoutProvider } from '../../domain/billing/ports';
import { systemClock } from '../../lib/clock';
import { builtinCheckout } from './builtin-checkout';
import { stripeCheckout } from './stripe-checkout';

// Which checkout runs: Stripe when a secret key is configured (STRIPE_SECRET_KEY, or in AWS the
// Secrets Manager secret STRIPE_SECRET_ARN names — CDK context `stripeSecretArn`), else the
// built-in checkout. The key is read once per container and never logged.

const schema = z.object({
  STRIPE_SECRET_KEY: z.string().max(255).optional(),
  STRIPE_SECRET_ARN: z.string().max(2048).optional(),
  STRIPE_API_BASE: z.url().default('https://api.stripe.com'),
  STRIPE_PRICE_TEAMS_MONTHLY: z.string().max(255).optional(),
  STRIPE_PRICE_TEAMS_ANNUAL: z.string().max(255).optional(),
});

let secret: Promise<string> | undefined;

function secretKey(config: z.infer<typeof schema>): () => Promise<string> {
  return () => {
    if (config.STRIPE_SECRET_KEY) return Promise.resolve(config.STRIPE_SECRET_KEY);
    secret ??= new SecretsManagerClient({})
      .send(new GetSecretValueCommand({ SecretId: config.STRIPE_SECRET_ARN }))
      .then((out) => {
        if (!out.SecretString) throw new Error('The Stripe secret holds no string');
        return out.SecretString.trim();
      })
      .catch((error: unknown) => {
        secret = undefined;
        throw error;
      });
    return secret;
  };
}

export function checkoutProvider(env: NodeJS.ProcessEnv = process.env): CheckoutProvider {
  const config = schema.parse(env);
  if (!config.STRIPE_SECRET_KEY && !config.STRIPE_SECRET_ARN) return builtinCheckout(systemClock.newId);
  return stripeCheckout({
    apiBase: config.STRIPE_API_BASE,
    secretKey: secretKey(config),
    priceIds: { ...(config.STRIPE_PRICE_TEAMS_MONTHLY ? { monthly: config.STRIPE_PRICE_TEAMS_MONTHLY } : {}), ...(config.STRIPE_PRICE_TEAMS_ANNUAL ? { annual: config.STRIPE_PRICE_TEAMS_ANNUAL } : {}) },
  });
}
