import * as z from 'zod';
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES } from '../../../shared/constants';
import { idSchema } from '../../../shared/schemas/team';
import { getOrganization, organizationStats } from '../../domain/organizations/organizations';
import { listOrganizationInstances } from '../../domain/team/instances';
import { NotFound } from '../../domain/errors';
import { getConfig } from '../../config';
import { defineRoute } from '../define-route';
import { store } from '../team/deps';
import { organizationDeps } from './deps';

// The admin documentation endpoints (spec 2 §7.3): .../admin/settings and .../admin/{category},
// each answering the organization's real configuration of that area.

export const ADMIN_CATEGORIES = ['settings', 'general', 'data-sources', 'authentication'] as const;

const paramsSchema = z.object({ orgId: idSchema, category: z.string().max(40).optional() });

async function section(orgId: string, category: string) {
  const deps = organizationDeps();
  switch (category) {
    case 'settings':
    case 'general': {
      const organization = await getOrganization(deps, orgId);
      return { organization, stats: await organizationStats(deps, orgId) };
    }
    case 'data-sources': {
      const instances = await listOrganizationInstances(store, orgId);
      return { instances: instances.map((i) => ({ id: i.id, name: i.name, type: i.type, warehouseType: i.warehouseType, datasetCount: i.datasetCount })) };
    }
    case 'authentication':
      return {
        identityProvider: 'Amazon Cognito user pool',
        signIn: 'e-mail and password through the API',
        lockout: { maxFailures: LOGIN_MAX_FAILURES, lockMinutes: LOGIN_LOCK_MINUTES },
        emergencyAccess: getConfig().demoMode && getConfig().emergencyAccessCode !== '',
        invitations: { codeBits: 256, lookup: 'SHA-256 of the code' },
      };
    default:
      throw new NotFound(`Unknown admin category: ${category}. Known: ${ADMIN_CATEGORIES.join(', ')}`);
  }
}

export const handler = defineRoute({ params: paramsSchema }, async ({ params, event }) => {
  const category = params.category ?? (event.rawPath.endsWith('/admin/settings') ? 'settings' : '');
  return { body: { success: true, category, data: await section(params.orgId, category) } };
});
