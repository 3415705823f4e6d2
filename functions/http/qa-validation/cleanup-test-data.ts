import { cleanupBodySchema } from '../../../shared/schemas/qa-validation';
import { qaFlowPorts, qaResultsRepository } from '../../adapters/qa/validation-ports';
import { removeLeftoverOrganizations } from '../../domain/qa/validation';
import { defineRoute, requireCaller } from '../define-route';

// DELETE /api/qa-validation/cleanup-test-data {remove_results = true}: your organization's stored
// results; for a super admin also every temporary QA organization a flow run left behind.
export const handler = defineRoute({ body: cleanupBodySchema }, async (input) => {
  const caller = requireCaller(input);
  const removedOrganizations = caller.isSuperAdmin ? await removeLeftoverOrganizations(qaFlowPorts()) : [];
  const removedResults = input.body.remove_results ? await qaResultsRepository.removeAll(caller.organization.id) : 0;
  return {
    body: {
      success: true,
      message: `Removed ${removedResults} test result(s) and ${removedOrganizations.length} temporary QA organization(s)`,
      removedResults,
      removedOrganizations,
    },
  };
});
