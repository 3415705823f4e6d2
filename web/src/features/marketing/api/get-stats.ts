import { useEffect, useState } from 'react';
import type { MarketingStats } from '../../../../../shared/schemas/marketing';
import { publicRequest } from '../../../lib/public-fetch';

const NUMBER_FIELDS = ['organizations', 'datasetsMonitored', 'rowsChecked', 'failedRowsFound', 'failedRowsResolved', 'aiRowsProcessed', 'signupsThisWeek'] as const;

function readStats(body: unknown): MarketingStats | null {
  const stats = (body as { stats?: Record<string, unknown> } | undefined)?.stats;
  if (!stats || typeof stats.computedAt !== 'string') return null;
  return NUMBER_FIELDS.every((f) => typeof stats[f] === 'number') ? (stats as unknown as MarketingStats) : null;
}

/** GET /api/marketing/stats. */
export async function getMarketingStats(signal?: AbortSignal): Promise<MarketingStats> {
  const stats = readStats(await publicRequest('/marketing/stats', { signal }));
  if (!stats) throw new Error('Unexpected response from /marketing/stats');
  return stats;
}

export type StatsState = { status: 'loading' } | { status: 'ready'; stats: MarketingStats } | { status: 'error' };

/** The figures, once per page; the landing page shows nothing rather than invented numbers. */
export function useMarketingStats(): StatsState {
  const [state, setState] = useState<StatsState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    getMarketingStats(controller.signal).then(
      (stats) => setState({ status: 'ready', stats }),
      (error: unknown) => {
        if (!controller.signal.aborted) {
          console.warn('Failed to get signup statistics', error);
          setState({ status: 'error' });
        }
      },
    );
    return () => controller.abort();
  }, []);
  return state;
}
