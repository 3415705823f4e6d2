import { organizationIdParamsSchema } from '../../../shared/schemas/organizations';
import { softDeleteOrganization } from '../../domain/organizations/organizations';
import { defineRoute, requireCaller } from '../define-route';
import { organizationDeps } from './deps';

// Soft delete: the organization becomes inactive (listed with include_inactive); nothing is erased.
export const handler = defineRoute({ params: organizationIdParamsSchema }, async (input) => ({
  body: { success: true, organization: await softDeleteOrganization(organizationDeps(), requireCaller(input), input.params.id), message: 'Organization deactivated' },
}));
