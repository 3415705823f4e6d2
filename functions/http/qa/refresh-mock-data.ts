import { qaOrgParamsSchema } from '../../../shared/schemas/qa';
import { refreshMockData } from '../../domain/qa/resets';
import { defineRoute, requireCaller } from '../define-route';
import { resetDeps } from './deps';

// POST /qa/organizations/{orgId}/refresh-mock-data (returns message).
export const handler = defineRoute({ params: qaOrgParamsSchema }, async (input) => ({
  body: { success: true, ...(await refreshMockData(resetDeps(), input.params.orgId, requireCaller(input).email)) },
}));
