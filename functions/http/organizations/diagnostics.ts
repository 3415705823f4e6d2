import { diagnosticsSchema, organizationIdParamsSchema } from '../../../shared/schemas/organizations';
import { setDiagnostics } from '../../domain/organizations/organizations';
import { defineRoute, requireCaller } from '../define-route';
import { organizationDeps } from './deps';

export const handler = defineRoute({ params: organizationIdParamsSchema, body: diagnosticsSchema }, async (input) => ({
  body: { success: true, organization: await setDiagnostics(organizationDeps(), requireCaller(input), input.params.id, input.body) },
}));
