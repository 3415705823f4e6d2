import { instanceCreateSchema, orgParamsSchema } from '../../../shared/schemas/team';
import { createInstance, listOrganizationInstances } from '../../domain/team/instances';
import { defineRoute, requireCaller } from '../define-route';
import { clock, store } from './deps';

export const handler = defineRoute({ params: orgParamsSchema, body: instanceCreateSchema }, async (input) => {
  const instance = await createInstance(store, clock, requireCaller(input), input.params.orgId, input.body);
  const instances = await listOrganizationInstances(store, input.params.orgId);
  return { status: 201, body: { success: true, instance, instances } };
});
