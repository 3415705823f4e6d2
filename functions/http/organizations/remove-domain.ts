import { domainParamsSchema } from '../../../shared/schemas/organizations';
import { removeDomain } from '../../domain/organizations/organizations';
import { defineRoute, requireCaller } from '../define-route';
import { organizationDeps } from './deps';

export const handler = defineRoute({ params: domainParamsSchema }, async (input) => ({
  body: { success: true, organization: await removeDomain(organizationDeps(), requireCaller(input), input.params.id, input.params.domain) },
}));
