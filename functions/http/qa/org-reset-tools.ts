import { qaOrgParamsSchema } from '../../../shared/schemas/qa';
import { tenancyRepository } from '../../adapters/dynamodb/tenancy-repository';
import { defineRoute } from '../define-route';

// GET /qa/organizations/{orgId}/reset-tools: the organization admin's QA tools and the instances they act on.
export const handler = defineRoute({ params: qaOrgParamsSchema }, async (input) => {
  const instances = await tenancyRepository.listInstances(input.params.orgId);
  return {
    body: {
      success: true,
      organizationId: input.params.orgId,
      instances: instances.filter((i) => i.status === 'active').map((i) => ({ id: i.id, name: i.name, type: i.type })),
      tools: [
        { id: 'reset-instance', name: 'Reset instance data', description: 'Returns every dataset of an instance to its scanned state; resolutions and comments are lost', method: 'POST', path: `/qa/organizations/${input.params.orgId}/instances/{instanceId}/reset`, confirm: true },
        { id: 'refresh-mock-data', name: 'Refresh mock data', description: 'Regenerates the demo data deployed in the organization’s instances', method: 'POST', path: `/qa/organizations/${input.params.orgId}/refresh-mock-data` },
        { id: 'clear-cache', name: 'Clear cache', description: 'Drops the data the app has cached and loads it again', method: 'POST', path: `/qa/organizations/${input.params.orgId}/clear-cache` },
      ],
    },
  };
});
