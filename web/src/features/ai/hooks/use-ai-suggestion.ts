import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { toast } from '../../../lib/toast';
import type { SuggestionView } from '../../../../../shared/schemas/ai';
import type { IssueRow } from '../../../../../shared/schemas/issues';
import { aiStatusKey } from '../../../lib/api/ai-processing';
import { aiRowsStore, type AiRowsStore } from './ai-rows-store';

/** The AI state of one row of the issues table (registered with its dataset's store). */
export function useAiSuggestion(instanceId: string, datasetId: string, row: IssueRow): { view: SuggestionView | undefined; store: AiRowsStore } {
  const queryClient = useQueryClient();
  const store = aiRowsStore(instanceId, datasetId, {
    onActivity: () => void queryClient.invalidateQueries({ queryKey: aiStatusKey }),
    // Why no suggestions appear (issue 9: Free plan), with the way to a plan that has them.
    onRefused: (message) => toast.info(message, { id: 'ai-plan-refused', duration: 15_000, action: { label: 'See plans', onClick: () => window.location.assign('/pricing') } }),
  });
  useEffect(() => store.register(row), [store, row.issue_id]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => store.update(row), [store, row]);
  const view = useSyncExternalStore(store.subscribe, () => store.get(row.issue_id));
  return { view, store };
}
