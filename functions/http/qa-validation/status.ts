import { QA_VALIDATION_TESTS } from '../../../shared/schemas/qa-validation';
import { qaResultsRepository } from '../../adapters/qa/validation-ports';
import { defineRoute, requireCaller } from '../define-route';

// GET /api/qa-validation/status: QA validation is on (the route answers 404 when QA mode is off),
// the tests it offers, and the organization's latest results.
export const handler = defineRoute({}, async (input) => {
  const caller = requireCaller(input);
  const recent = await qaResultsRepository.list(caller.organization.id, 10);
  return {
    body: {
      success: true,
      enabled: true,
      tests: QA_VALIDATION_TESTS.map((t) => ({ ...t, superAdminOnly: t.kind === 'user_flow' || t.kind === 'admin_flow' })),
      recentResults: recent.map((r) => ({ id: r.id, kind: r.kind, name: r.name, status: r.status, finished_at: r.finished_at, summary: r.summary })),
    },
  };
});
