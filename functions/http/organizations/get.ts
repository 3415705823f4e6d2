import { organizationIdParamsSchema } from '../../../shared/schemas/organizations';
import { getOrganization } from '../../domain/organizations/organizations';
import { defineRoute } from '../define-route';
import { organizationDeps } from './deps';

export const handler = defineRoute({ params: organizationIdParamsSchema }, async ({ params }) => ({
  body: { success: true, organization: await getOrganization(organizationDeps(), params.id) },
}));
