import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { checkoutResponseSchema, checkoutSessionResponseSchema, planResponseSchema } from '../../../../../shared/schemas/billing';
import type { BillingCycle } from '../../../../../shared/pricing';
import { apiRequest } from '../../../lib/api-client';

// Plans and billing (issue 16 §4): GET /api/billing/plan, POST /api/billing/checkout-sessions,
// GET /api/billing/checkout-sessions/{sessionId}.

export const billingKeys = {
  plan: ['billing', 'plan'] as const,
  session: (id: string) => ['billing', 'session', id] as const,
};

export const planQueryOptions = () => queryOptions({ queryKey: billingKeys.plan, queryFn: () => apiRequest('/billing/plan', { schema: planResponseSchema, instanceId: null }) });

export function usePlan(enabled = true) {
  return useQuery({ ...planQueryOptions(), enabled });
}

/** Starts a checkout and leaves for it (Stripe's page, or the billing success page of the built-in checkout). */
export function useStartCheckout() {
  return useMutation({
    mutationFn: (billingCycle: BillingCycle) => apiRequest('/billing/checkout-sessions', { method: 'POST', body: { plan: 'teams', billingCycle }, schema: checkoutResponseSchema, instanceId: null }),
    onSuccess: (response) => {
      window.location.assign(response.url);
    },
  });
}

/** The billing success page's session; reading it starts the trial, so plan-dependent data is refreshed. */
export function useCheckoutSession(sessionId: string | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: billingKeys.session(sessionId ?? ''),
    enabled: sessionId !== null,
    retry: false,
    queryFn: async () => {
      const response = await apiRequest(`/billing/checkout-sessions/${encodeURIComponent(sessionId!)}`, { schema: checkoutSessionResponseSchema, instanceId: null });
      void client.invalidateQueries({ queryKey: billingKeys.plan });
      return response;
    },
  });
}
