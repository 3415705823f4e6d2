import { resetAllBodySchema } from '../../../shared/schemas/qa';
import { DEMO_ORGANIZATIONS } from '../../domain/demo/demo-directory';
import { resetAllDemoData } from '../../domain/qa/resets';
import { defineRoute, requireCaller } from '../define-route';
import { resetDeps } from './deps';

// POST /qa/superadmin/reset-all-data {confirm}: QA mode only (the chain), super admins only, the
// confirmation word only; touches the demo organizations and no customer's data.
export const handler = defineRoute({ body: resetAllBodySchema }, async (input) => ({
  body: { success: true, ...(await resetAllDemoData(resetDeps(), DEMO_ORGANIZATIONS.map((o) => o.id), input.body.confirm, requireCaller(input).email)) },
}));
