import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { notificationsResponseSchema, type NotificationsResponse } from '../../../../../shared/schemas/assignments';

// GET /api/users/me/notifications and POST …/read (issue 13 §4): the signed-in member's in-app
// notifications (rows assigned to them). They belong to the member, not to an instance. Polled
// while the tab is visible, and refetched when the tab comes back to the front.

export const NOTIFICATIONS_POLL_MS = 60_000;

export const notificationsKey = (email: string) => ['notifications', email] as const;

export function getNotifications(): Promise<NotificationsResponse> {
  return apiRequest('/users/me/notifications', { schema: notificationsResponseSchema });
}

export function useNotifications(email: string) {
  return useQuery({
    queryKey: notificationsKey(email),
    queryFn: getNotifications,
    refetchInterval: NOTIFICATIONS_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

const markedSchema = z.object({ success: z.literal(true), read: z.number() });

/** Marks the given notifications read, or every unread one shown when `ids` is omitted. */
export function useMarkNotificationsRead(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: readonly string[]) => apiRequest('/users/me/notifications/read', { method: 'POST', body: ids ? { ids } : {}, schema: markedSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey(email) }),
  });
}
