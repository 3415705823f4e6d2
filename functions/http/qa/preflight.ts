import { preflightPorts } from '../../adapters/qa/preflight-ports';
import { runPreflight } from '../../domain/qa/preflight';
import { defineRoute, requireCaller } from '../define-route';
import { header } from '../middleware/state';

// GET /qa/preflight: the preflight checks of this stage (spec 2 §3 Preflight result).
export const handler = defineRoute({}, async (input) => ({
  body: await runPreflight(preflightPorts({ email: requireCaller(input).email, host: header(input.event, 'host') })),
}));
