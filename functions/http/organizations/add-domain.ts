import * as z from 'zod';
import { domainSchema, organizationIdParamsSchema } from '../../../shared/schemas/organizations';
import { addDomain } from '../../domain/organizations/organizations';
import { defineRoute, requireCaller } from '../define-route';
import { organizationDeps } from './deps';

export const handler = defineRoute({ params: organizationIdParamsSchema, body: z.object({ domain: domainSchema }).strict() }, async (input) => ({
  status: 201,
  body: { success: true, organization: await addDomain(organizationDeps(), requireCaller(input), input.params.id, input.body.domain) },
}));
