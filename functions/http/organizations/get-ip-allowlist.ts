import { orgParamsSchema } from '../../../shared/schemas/team';
import { ipAllowlistView } from '../../domain/organizations/organizations';
import { NotFound } from '../../domain/errors';
import { defineRoute } from '../define-route';
import { sourceIpOf } from '../middleware/source-ip';
import { organizationDeps } from './deps';

// GET /api/organizations/{orgId}/ip-allowlist: the ranges, and the caller's own address.
export const handler = defineRoute({ params: orgParamsSchema }, async (input) => {
  const org = await organizationDeps().store.getOrganization(input.params.orgId);
  if (!org) throw new NotFound('Organization not found');
  return { body: ipAllowlistView(org, sourceIpOf(input.event)) };
});
