import { orgParamsSchema } from '../../../shared/schemas/team';
import { organizationAdmins } from '../../domain/organizations/organizations';
import { defineRoute } from '../define-route';
import { organizationDeps } from './deps';

export const handler = defineRoute({ params: orgParamsSchema }, async ({ params }) => ({
  body: { success: true, admins: await organizationAdmins(organizationDeps(), params.orgId) },
}));
