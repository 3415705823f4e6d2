import { QueryCache, QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { toast } from './toast';
import { ApiError } from './api-client';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Toast shown when the query fails: the spec's message for that load (spec 1 §8). */
      errorMessage?: string | ((error: Error) => string);
    };
  }
}

/** Client errors (4xx) will not go away by asking again; server and network errors get one retry. */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 1;
}

export const queryConfig = {
  queries: {
    refetchOnWindowFocus: false,
    retry: shouldRetry,
    staleTime: 30_000,
  },
} satisfies DefaultOptions;

export function createQueryClient(options: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      ...queryConfig,
      queries: { ...queryConfig.queries, ...(options.retry === false ? { retry: false } : {}) },
    },
    queryCache: new QueryCache({
      onError: (error, query) => {
        const message = query.meta?.errorMessage;
        if (message) toast.error(typeof message === 'function' ? message(error) : message);
      },
    }),
  });
}

/**
 * Query keys of data that belongs to one instance start with this, so switching instance can
 * invalidate them all at once and each key still names its instance.
 */
export const INSTANCE_SCOPE = 'instance';

export function instanceKey(instanceId: string, ...rest: readonly unknown[]): readonly unknown[] {
  return [INSTANCE_SCOPE, instanceId, ...rest];
}
