import type { PricingSignup, SignupResponse, WaitlistSignup } from '../../../../../shared/schemas/marketing';
import { publicRequest } from '../../../lib/public-fetch';

export type WaitlistSignupInput = { [K in keyof WaitlistSignup]?: WaitlistSignup[K] } & { email: string; source: WaitlistSignup['source'] };

function isSignupResponse(body: unknown): body is SignupResponse {
  const b = body as Partial<SignupResponse> | undefined;
  return !!b && b.success === true && typeof b.isExisting === 'boolean' && typeof b.signup?.id === 'string';
}

/** POST /api/marketing/signup (spec 2 §7.6), either payload shape. */
export async function submitSignup(payload: WaitlistSignupInput | PricingSignup): Promise<SignupResponse> {
  const body = await publicRequest('/marketing/signup', { method: 'POST', body: payload });
  if (!isSignupResponse(body)) throw new Error('Unexpected response from /marketing/signup');
  return body;
}
