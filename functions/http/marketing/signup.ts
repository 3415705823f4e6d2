import { signupRequestSchema, type SignupResponse } from '../../../shared/schemas/marketing';
import { signupRepository } from '../../adapters/dynamodb/marketing-repository';
import { mailSender } from '../../adapters/mail/mail-sender';
import { confirmationMail, signUp } from '../../domain/marketing/signup';
import { systemClock } from '../../lib/clock';
import { logger } from '../../lib/logger';
import { defineRoute } from '../define-route';

// POST /api/marketing/signup (spec 2 §7.6): the landing form and the pricing modal, public.
export const handler = defineRoute({ body: signupRequestSchema }, async (input) => {
  const result = await signUp(signupRepository, systemClock, input.body, input.event.requestContext.http.sourceIp, async (signup) => {
    // The signup is stored either way; a mail outage must not turn it into an error.
    try {
      await mailSender().send(confirmationMail(signup, 'Quality Desk'));
    } catch (error) {
      logger.warn('signup confirmation not sent', { requestId: input.requestId, error: error instanceof Error ? error.message : String(error) });
    }
  });
  const body: SignupResponse = { success: true, signup: { id: result.id }, isExisting: result.isExisting };
  return { status: result.isExisting ? 200 : 201, body };
});
