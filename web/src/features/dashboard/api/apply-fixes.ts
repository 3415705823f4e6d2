import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { instanceKey } from '../../../lib/query-client';
import type { QuickWin } from '../../../../../shared/schemas/dashboard';
import { bulkResolveResponseSchema, resolveResponseSchema } from '../../../../../shared/schemas/issues';

// AutoFix: one quick win accepted through POST /api/{dataset}/resolve/{id} — the Issues screen's
// path (history, counters, credits as there). Apply N Fixes: POST /api/{dataset}/bulk-resolve with
// accept_suggestion, one call per dataset. Afterwards everything of the instance is refetched:
// the figures shown are the server's, never an optimistic guess.

export const NO_SUGGESTION = 'No AI suggestion available for this issue';

export function useAutoFix(instanceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (win: QuickWin) => {
      if (!win.suggestedValue && win.suggestedValue !== '') throw new Error(NO_SUGGESTION);
      return apiRequest(`/${encodeURIComponent(win.datasetId)}/resolve/${encodeURIComponent(win.id)}`, {
        method: 'POST',
        body: { resolution: { method: 'accept_suggestion', suggestion: win.suggestedValue, confidence: win.confidence }, issueId: win.id, version: win.version },
        schema: resolveResponseSchema,
        instanceId,
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: instanceKey(instanceId) }),
  });
}

export function useApplyFixes(instanceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (wins: readonly QuickWin[]) => {
      const byDataset = new Map<string, string[]>();
      for (const w of wins) byDataset.set(w.datasetId, [...(byDataset.get(w.datasetId) ?? []), w.id]);
      let resolved = 0;
      let failed = 0;
      for (const [datasetId, recordIds] of byDataset) {
        const res = await apiRequest(`/${encodeURIComponent(datasetId)}/bulk-resolve`, {
          method: 'POST',
          body: { recordIds, resolution: { method: 'accept_suggestion' } },
          schema: bulkResolveResponseSchema,
          instanceId,
        });
        resolved += res.resolved;
        failed += res.failed;
      }
      return { resolved, failed };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: instanceKey(instanceId) }),
  });
}
