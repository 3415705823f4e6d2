import * as z from 'zod';
import { listOrganizations } from '../../domain/organizations/organizations';
import { defineRoute } from '../define-route';
import { organizationDeps } from './deps';

const querySchema = z.object({ include_inactive: z.enum(['true', 'false', '1', '0', '']).optional() });

export const handler = defineRoute({ query: querySchema }, async ({ query }) => {
  const include = query.include_inactive === 'true' || query.include_inactive === '1' || query.include_inactive === '';
  return { body: { success: true, organizations: await listOrganizations(organizationDeps(), include) } };
});
