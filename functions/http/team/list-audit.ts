import * as z from 'zod';
import { orgParamsSchema } from '../../../shared/schemas/team';
import { defineRoute } from '../define-route';
import { store } from './deps';

const querySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** The `next` of the previous page (an entry's sort key). */
  cursor: z.string().max(80).regex(/^[0-9T:.Z-]+#[0-9A-Z]+$/, 'is not a cursor').optional(),
});

export const handler = defineRoute({ params: orgParamsSchema, query: querySchema }, async ({ params, query }) => {
  const page = await store.listAudit(params.orgId, query.limit, query.cursor);
  return { body: { success: true, entries: page.entries, next: page.next ?? null } };
});
