import { organizationIdParamsSchema } from '../../../shared/schemas/organizations';
import { organizationStats } from '../../domain/organizations/organizations';
import { defineRoute } from '../define-route';
import { organizationDeps } from './deps';

export const handler = defineRoute({ params: organizationIdParamsSchema }, async ({ params }) => ({
  body: { success: true, stats: await organizationStats(organizationDeps(), params.id) },
}));
