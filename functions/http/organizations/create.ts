import { organizationCreateSchema } from '../../../shared/schemas/organizations';
import { createOrganization } from '../../domain/organizations/organizations';
import { defineRoute, requireCaller } from '../define-route';
import { organizationDeps } from './deps';

export const handler = defineRoute({ body: organizationCreateSchema }, async (input) => {
  const organization = await createOrganization(organizationDeps(), requireCaller(input), input.body);
  return { status: 201, body: { success: true, organization } };
});
