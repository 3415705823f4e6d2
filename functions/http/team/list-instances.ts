import { orgParamsSchema } from '../../../shared/schemas/team';
import { listOrganizationInstances } from '../../domain/team/instances';
import { defineRoute } from '../define-route';
import { store } from './deps';

export const handler = defineRoute({ params: orgParamsSchema }, async ({ params }) => {
  const instances = await listOrganizationInstances(store, params.orgId);
  return { body: { success: true, total: instances.length, instances } };
});
