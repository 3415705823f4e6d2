import { qaOrgParamsSchema } from '../../../shared/schemas/qa';
import { defineRoute } from '../define-route';

// POST /qa/organizations/{orgId}/clear-cache (returns message). The API keeps no cache of an
// organization's data (every read goes to the table), so the cache to clear is the app's: the
// answer tells the app to drop its cached queries and load them again, and says so.
export const handler = defineRoute({ params: qaOrgParamsSchema }, async () => ({
  body: { success: true, clearClientCache: true, serverCaches: [], message: 'Cache cleared: the app reloads its data (the API keeps no cache of your data)' },
}));
