import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import * as z from 'zod';
import { apiDownload, apiRequest } from '../../../lib/api-client';

// GET /api/organizations/{orgId}/audit (paged, newest first) and .../audit/export (CSV): issue 11 §6.

export const auditEntrySchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

const pageSchema = z.object({ success: z.literal(true), entries: z.array(auditEntrySchema), next: z.string().nullable() });

export const AUDIT_PAGE_SIZE = 25;

const auditPath = (orgId: string) => `/organizations/${encodeURIComponent(orgId)}/audit`;

export function useAuditLog(orgId: string) {
  return useInfiniteQuery({
    queryKey: ['audit-log', orgId],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      apiRequest(`${auditPath(orgId)}?limit=${AUDIT_PAGE_SIZE}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`, { schema: pageSchema, instanceId: null }),
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

export function useExportAudit(orgId: string) {
  return useMutation({ mutationFn: () => apiDownload(`${auditPath(orgId)}/export`, { instanceId: null }) });
}
