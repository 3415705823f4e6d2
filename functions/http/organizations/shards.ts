import { shards } from '../../domain/organizations/organizations';
import { defineRoute } from '../define-route';
import { organizationDeps } from './deps';

export const handler = defineRoute({}, async () => ({ body: { success: true, shards: await shards(organizationDeps()) } }));
