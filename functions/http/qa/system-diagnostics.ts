import { diagnosticsPorts } from '../../adapters/qa/diagnostics-ports';
import { runDiagnostics } from '../../domain/qa/diagnostics';
import { defineRoute, requireCaller } from '../define-route';
import { header } from '../middleware/state';

// POST /qa/superadmin/system-diagnostics (spec 2 §3 Diagnostics result).
export const handler = defineRoute({}, async (input) => ({
  body: await runDiagnostics(diagnosticsPorts({ email: requireCaller(input).email, host: header(input.event, 'host') })),
}));
