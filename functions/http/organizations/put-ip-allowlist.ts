import { ipAllowlistUpdateSchema } from '../../../shared/schemas/security';
import { orgParamsSchema } from '../../../shared/schemas/team';
import { setIpAllowlist } from '../../domain/organizations/organizations';
import { defineRoute, requireCaller } from '../define-route';
import { sourceIpOf } from '../middleware/source-ip';
import { organizationDeps } from './deps';

// PUT /api/organizations/{orgId}/ip-allowlist {cidrs, confirmLockout?}: 409 when it would lock the caller out unconfirmed.
export const handler = defineRoute({ params: orgParamsSchema, body: ipAllowlistUpdateSchema }, async (input) => ({
  body: await setIpAllowlist(organizationDeps(), requireCaller(input), input.params.orgId, input.body, sourceIpOf(input.event)),
}));
