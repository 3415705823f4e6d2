import { organizationIdParamsSchema } from '../../../shared/schemas/organizations';
import { purgeTenant } from '../../adapters/dynamodb/tenant-purge';
import { deleteBoundPoolUser } from '../../adapters/identity/cognito-admin';
import { purgeOrganization } from '../../domain/organizations/organizations';
import { defineRoute, requireCaller } from '../define-route';
import { organizationDeps } from './deps';

/** Work per call: well inside the function's 10 s timeout; the rest is done by calling again. */
export const PURGE_BUDGET_MS = 6_000;

// DELETE /api/organizations/{id}/permanent (spec 2 §7.1): every item of the tenant and its
// members' pool users, in batches, resumable. 200 with complete: true when everything is gone;
// 202 with complete: false when the budget ran out (call again to continue).
export const handler = defineRoute({ params: organizationIdParamsSchema }, async (input) => {
  const purge = (orgId: string, deadline: number) => purgeTenant(orgId, { deadline, now: () => Date.now(), deletePoolUser: deleteBoundPoolUser });
  const report = await purgeOrganization(organizationDeps(), purge, requireCaller(input), input.params.id, PURGE_BUDGET_MS);
  return {
    status: report.complete ? 200 : 202,
    body: {
      success: true,
      ...report,
      message: report.complete ? `Organization ${report.organization.name} deleted permanently` : 'Deletion in progress: call again to continue',
    },
  };
});
