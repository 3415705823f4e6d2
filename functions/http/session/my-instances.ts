import { tenancyRepository } from '../../adapters/dynamodb/tenancy-repository';
import { listAccessibleInstances } from '../../domain/tenancy/resolve';
import { defineRoute, requireCaller } from '../define-route';

export const handler = defineRoute({}, async (input) => {
  const caller = requireCaller(input);
  const instances = await listAccessibleInstances(tenancyRepository, caller);
  return {
    body: { success: true, total: instances.length, is_org_admin: caller.isOrgAdmin, user_email: caller.email, instances },
  };
});
