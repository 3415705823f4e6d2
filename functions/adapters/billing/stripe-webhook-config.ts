import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import Stripe from 'stripe';
import { ValidationFailed } from '../../domain/errors';

// Stripe webhooks' signing secret (issue 16 §4): STRIPE_WEBHOOK_SECRET (whsec_…), or in AWS the
// Secrets Manager secret STRIPE_WEBHOOK_SECRET_ARN names (CDK context `stripeWebhookSecretArn`),
// read once per container and never logged. Unset: the webhook route answers 404.
//
// Verification is Stripe's own (`Stripe.webhooks.constructEvent`): the HMAC-SHA256 of
// "<timestamp>.<raw body>" under the secret must match a v1 signature of the Stripe-Signature
// header, and the timestamp must be within 5 minutes (replays of old deliveries are refused). The
// function bundles only that module of the SDK (stripeWebhooksOnly in infra/build-functions.ts).

export const SIGNATURE_INVALID = 'Invalid Stripe signature';

let cached: { arn: string; value: Promise<string> } | undefined;

/** The signing secret, or undefined when webhooks are not configured. */
export function webhookSecret(env: NodeJS.ProcessEnv = process.env): (() => Promise<string>) | undefined {
  const direct = env.STRIPE_WEBHOOK_SECRET?.trim();
  if (direct) return () => Promise.resolve(direct);
  const arn = env.STRIPE_WEBHOOK_SECRET_ARN?.trim();
  if (!arn) return undefined;
  return () => {
    if (cached?.arn !== arn) {
      const value = new SecretsManagerClient({})
        .send(new GetSecretValueCommand({ SecretId: arn }))
        .then((out) => {
          if (!out.SecretString) throw new Error('The Stripe webhook secret holds no string');
          return out.SecretString.trim();
        });
      value.catch(() => {
        cached = undefined;
      });
      cached = { arn, value };
    }
    return cached.value;
  };
}

/** The verified event's JSON, or a 400 naming the stripe-signature header. */
export function verifyStripeEvent(rawBody: string, signature: string | undefined, secret: string, now?: Date): unknown {
  if (!signature) throw new ValidationFailed('Invalid request: stripe-signature is required', [{ field: 'stripe-signature', message: 'is required' }]);
  try {
    const receivedAt = now ? Math.floor(now.getTime() / 1000) : undefined;
    return Stripe.webhooks.constructEvent(rawBody, signature, secret, undefined, undefined, receivedAt);
  } catch {
    throw new ValidationFailed(`Invalid request: stripe-signature ${SIGNATURE_INVALID.toLowerCase()}`, [{ field: 'stripe-signature', message: SIGNATURE_INVALID.toLowerCase() }]);
  }
}
