import { organizationIdParamsSchema, organizationUpdateSchema } from '../../../shared/schemas/organizations';
import { updateOrganization } from '../../domain/organizations/organizations';
import { defineRoute, requireCaller } from '../define-route';
import { organizationDeps } from './deps';

export const handler = defineRoute({ params: organizationIdParamsSchema, body: organizationUpdateSchema }, async (input) => ({
  body: { success: true, organization: await updateOrganization(organizationDeps(), requireCaller(input), input.params.id, input.body) },
}));
