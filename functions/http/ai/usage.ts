import * as z from 'zod';
import { usageQuerySchema } from '../../../shared/schemas/ai';
import { usageReport } from '../../domain/ai/pipeline/usage';
import { managesOrganization, planSubscription } from '../../domain/tenancy/caller';
import { defineRoute, requireCaller } from '../define-route';
import { aiStores, controlDeps } from '../../adapters/ai/wiring';

const paramsSchema = z.object({ id: z.string().min(1).max(320) });

// GET /api/ai/usage/{id}?startDate&endDate&groupBy: {id} is the caller's organization or "me".
export const handler = defineRoute({ params: paramsSchema, query: usageQuerySchema }, async (input) => {
  const caller = requireCaller(input);
  const data = await usageReport(
    { ledger: aiStores.ledger, clock: aiStores.clock, dollarsPerCredit: controlDeps().dollarsPerCredit },
    { orgId: caller.organization.id, email: caller.email, subscription: planSubscription(caller), managesOrganization: managesOrganization(caller) },
    input.params.id,
    input.query,
  );
  return { body: { success: true, data } };
});
