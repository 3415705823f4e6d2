import { useQueryClient } from '@tanstack/react-query';
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  REALTIME_EVENT_TYPES,
  REALTIME_PATH,
  REALTIME_PROTOCOL,
  REALTIME_TOKEN_PREFIX,
  type RealtimeEventType,
  type RealtimeMessage,
} from '../../../shared/realtime';
import { refreshSession } from './api-client';
import { getAuthToken } from './auth-storage';
import { useInstances } from './instances';
import { instanceKey } from './query-client';

// Real-time events (issue 13 item 7): ONE WebSocket per signed-in shell and current instance.
// Events of another user's change refetch what they touch (the rows and counts of the dataset,
// the dashboard, the dataset list), so every screen shows server-confirmed state; screens may
// also listen (the bulk bar's progress). When the socket is down, it reconnects with exponential
// backoff and jitter, and the screens' polls (dashboard every 30 s, rows on focus) stay as the
// fallback. After a reconnect, everything of the instance is refetched once: events sent while
// offline are not replayed.

export type RealtimeStatus = 'off' | 'connecting' | 'live' | 'offline';
type Listener = (message: RealtimeMessage<any>) => void;

interface RealtimeContextValue {
  status: RealtimeStatus;
  subscribe(listener: Listener): () => void;
}

const RealtimeContext = createContext<RealtimeContextValue | null>(null);

export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;
/** Below API Gateway's 10-minute idle timeout. */
export const KEEPALIVE_MS = 5 * 60_000;
/** Events arriving within this window refetch each query once. */
const COALESCE_MS = 250;

/** Full-jitter exponential backoff: 1 s, 2 s, 4 s … capped at 30 s, each scaled by [0.5, 1). */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  return Math.round(Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt) * (0.5 + random() / 2));
}

export function realtimeSocketUrl(instanceId: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${REALTIME_PATH}?instanceId=${encodeURIComponent(instanceId)}`;
}

function parse(data: unknown, instanceId: string): RealtimeMessage<any> | null {
  if (typeof data !== 'string' || data.length > 1_000_000) return null;
  try {
    const message = JSON.parse(data) as RealtimeMessage<any>;
    if (!REALTIME_EVENT_TYPES.includes(message?.type) || message.instanceId !== instanceId) return null;
    return message;
  } catch {
    return null;
  }
}

export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { currentInstanceId } = useInstances();
  const queryClient = useQueryClient();
  const listeners = useRef(new Set<Listener>());
  const [status, setStatus] = useState<RealtimeStatus>('off');

  useEffect(() => {
    if (!currentInstanceId || typeof WebSocket === 'undefined') {
      setStatus('off');
      return;
    }
    const instanceId = currentInstanceId;
    let socket: WebSocket | null = null;
    let attempt = 0;
    let everOpened = false;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let keepAlive: ReturnType<typeof setInterval> | undefined;
    let flush: ReturnType<typeof setTimeout> | undefined;
    const pendingKeys = new Map<string, readonly unknown[]>();

    const refetch = (...keys: Array<readonly unknown[]>) => {
      for (const key of keys) pendingKeys.set(JSON.stringify(key), key);
      flush ??= setTimeout(() => {
        flush = undefined;
        const due = [...pendingKeys.values()];
        pendingKeys.clear();
        for (const queryKey of due) void queryClient.invalidateQueries({ queryKey });
      }, COALESCE_MS);
    };

    const onMessage = (message: RealtimeMessage<any>) => {
      const datasetId: unknown = message.data?.datasetId;
      if (message.type !== 'bulk-progress' && typeof datasetId === 'string') {
        refetch(instanceKey(instanceId, 'issues', datasetId), instanceKey(instanceId, 'dashboard'), instanceKey(instanceId, 'datasets'));
      }
      for (const listener of listeners.current) listener(message);
    };

    const schedule = () => {
      if (stopped) return;
      setStatus('offline');
      // The stored token may have expired while the socket was down: renew it before the 3rd try.
      if (attempt === 2) void refreshSession().catch(() => undefined);
      retry = setTimeout(open, reconnectDelay(attempt++));
    };

    function open() {
      if (stopped) return;
      const token = getAuthToken();
      if (!token) return schedule();
      setStatus('connecting');
      const ws = new WebSocket(realtimeSocketUrl(instanceId), [REALTIME_PROTOCOL, `${REALTIME_TOKEN_PREFIX}${token}`]);
      socket = ws;
      ws.onopen = () => {
        attempt = 0;
        setStatus('live');
        if (everOpened) refetch(instanceKey(instanceId));
        everOpened = true;
        keepAlive = setInterval(() => {
          if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ action: 'ping' }));
        }, KEEPALIVE_MS);
      };
      ws.onmessage = (event) => {
        const message = parse(event.data, instanceId);
        if (message) onMessage(message);
      };
      ws.onclose = () => {
        clearInterval(keepAlive);
        if (socket === ws) socket = null;
        schedule();
      };
    }

    open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearInterval(keepAlive);
      clearTimeout(flush);
      socket?.close();
    };
  }, [currentInstanceId, queryClient]);

  const subscribe = useCallback((listener: Listener) => {
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  }, []);
  const value = useMemo<RealtimeContextValue>(() => ({ status, subscribe }), [status, subscribe]);
  return <RealtimeContext value={value}>{children}</RealtimeContext>;
}

/** The socket's state, for a "live" indicator. 'off' outside a RealtimeProvider. */
export function useRealtimeStatus(): RealtimeStatus {
  return use(RealtimeContext)?.status ?? 'off';
}

/** Calls the handler for every event of that type on the current instance (nothing outside a provider). */
export function useRealtimeEvent<T = unknown>(type: RealtimeEventType, handler: (data: T, message: RealtimeMessage<T>) => void): void {
  const context = use(RealtimeContext);
  const latest = useRef(handler);
  latest.current = handler;
  const subscribe = context?.subscribe;
  useEffect(() => {
    if (!subscribe) return;
    return subscribe((message) => {
      if (message.type === type) latest.current(message.data as T, message as RealtimeMessage<T>);
    });
  }, [subscribe, type]);
}
