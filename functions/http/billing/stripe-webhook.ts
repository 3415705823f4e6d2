import * as z from 'zod';
import { verifyStripeEvent, webhookSecret } from '../../adapters/billing/stripe-webhook-config';
import { stripeEventsRepository } from '../../adapters/dynamodb/stripe-events-repository';
import { handleStripeEvent, stripeEventSchema } from '../../domain/billing/stripe-webhook';
import { NotFound, ValidationFailed } from '../../domain/errors';
import { systemClock } from '../../lib/clock';
import { logger } from '../../lib/logger';
import { defineRoute } from '../define-route';
import { header } from '../middleware/state';

// POST /api/billing/stripe-webhook: Stripe's webhook endpoint (issue 16 §4). Public — Stripe signs
// each delivery; the Stripe-Signature header is verified over the raw body with the signing secret
// before anything is read. 200 tells Stripe not to redeliver (also for an event that changes
// nothing or was applied before); a 5xx (the table unreachable) makes Stripe retry.

const MAX_SIGNATURE = 2048;

/** What the body must look like before its signature is checked (the verified event is read again). */
const bodySchema = z.object({ id: z.string().min(1).max(255), type: z.string().min(1).max(255), created: z.number().int().nonnegative(), data: z.object({}).passthrough() }).passthrough();

export const handler = defineRoute({ body: bodySchema }, async ({ event }) => {
  const secret = webhookSecret();
  if (!secret) throw new NotFound('Stripe webhooks are not configured');
  const signature = header(event, 'stripe-signature');
  if (signature !== undefined && signature.length > MAX_SIGNATURE) {
    throw new ValidationFailed(`Invalid request: stripe-signature must be at most ${MAX_SIGNATURE} characters`, [{ field: 'stripe-signature', message: `must be at most ${MAX_SIGNATURE} characters` }]);
  }
  const raw = event.body ?? '';
  const verified = verifyStripeEvent(event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw, signature, await secret());
  const parsed = stripeEventSchema.safeParse(verified);
  if (!parsed.success) throw new ValidationFailed('Invalid request: body is not a Stripe event', [{ field: 'body', message: 'is not a Stripe event' }]);
  const outcome = await handleStripeEvent({ store: stripeEventsRepository, clock: systemClock }, parsed.data);
  logger.info('stripe webhook', { eventId: parsed.data.id, eventType: parsed.data.type, ...outcome });
  return { body: { received: true, ...outcome } };
});
