import { readPlan } from '../../domain/billing/billing';
import { defineRoute, requireCaller } from '../define-route';
import { planDeps } from './deps';

// GET /api/billing/plan: the organization's plan, trial and this month's rows from the ledger
// (Settings → General).
export const handler = defineRoute({}, async (input) => ({
  body: { success: true, plan: await readPlan(planDeps(), requireCaller(input)) },
}));
