import { signupRequestSchema, type SignupResponse } from '../../../shared/schemas/marketing';
import { signupRepository } from '../../adapters/dynamodb/marketing-repository';
import { signUp } from '../../domain/marketing/signup';
import { systemClock } from '../../lib/clock';
import { defineRoute } from '../define-route';

// POST /api/marketing/signup (spec 2 §7.6): the landing form and the pricing modal, public.
export const handler = defineRoute({ body: signupRequestSchema }, async (input) => {
  const result = await signUp(signupRepository, systemClock, input.body, input.event.requestContext.http.sourceIp);
  const body: SignupResponse = { success: true, signup: { id: result.id }, isExisting: result.isExisting };
  return { status: result.isExisting ? 200 : 201, body };
});
