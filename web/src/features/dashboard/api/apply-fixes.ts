import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { instanceKey } from '../../../lib/query-client';
import type { QuickWin } from '../../../../../shared/schemas/dashboard';
import { bulkResolveResponseSchema, resolveResponseSchema } from '../../../../../shared/schemas/issues';

// AutoFix: one quick win resolved through POST /api/{dataset}/resolve/{id} — the Issues screen's
// path (history, counters, credits as there): an AI quick win accepts its suggestion, a learned
// fix writes its value (resolution map column → value). Apply N Fixes: POST
// /api/{dataset}/bulk-resolve with accept_suggestion, one call per dataset, and the learned fixes
// one resolve each. Afterwards everything of the instance is refetched:
// the figures shown are the server's, never an optimistic guess.

export const NO_SUGGESTION = 'No AI suggestion available for this issue';

/** The resolve call of one quick win: accept the AI suggestion, or write the learned fix's value. */
function resolveWin(win: QuickWin, instanceId: string) {
  if (!win.suggestedValue && win.suggestedValue !== '') throw new Error(NO_SUGGESTION);
  const resolution =
    win.suggestedAction === 'Apply Learned Fix'
      ? { [win.issue.issue_column]: win.suggestedValue }
      : { method: 'accept_suggestion', suggestion: win.suggestedValue, ...(win.confidence === null ? {} : { confidence: win.confidence }) };
  return apiRequest(`/${encodeURIComponent(win.datasetId)}/resolve/${encodeURIComponent(win.id)}`, {
    method: 'POST',
    body: { resolution, issueId: win.id, version: win.version },
    schema: resolveResponseSchema,
    instanceId,
  });
}

export function useAutoFix(instanceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (win: QuickWin) => resolveWin(win, instanceId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: instanceKey(instanceId) }),
  });
}

export function useApplyFixes(instanceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (wins: readonly QuickWin[]) => {
      const byDataset = new Map<string, string[]>();
      const learned: QuickWin[] = [];
      for (const w of wins) {
        if (w.suggestedAction === 'Apply Learned Fix') learned.push(w);
        else byDataset.set(w.datasetId, [...(byDataset.get(w.datasetId) ?? []), w.id]);
      }
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
      // A learned fix is a value edit: one resolve each (a list holds at most the dashboard's 10).
      for (const win of learned) {
        try {
          await resolveWin(win, instanceId);
          resolved++;
        } catch {
          failed++;
        }
      }
      return { resolved, failed };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: instanceKey(instanceId) }),
  });
}
