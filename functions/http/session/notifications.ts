import type { NotificationsResponse } from '../../../shared/schemas/assignments';
import { notificationsRepository } from '../../adapters/dynamodb/notifications-repository';
import { defineRoute, requireCaller } from '../define-route';

// GET /api/users/me/notifications: the caller's latest in-app notifications (issue 13 §4).
export const handler = defineRoute({}, async (input) => {
  const caller = requireCaller(input);
  const notifications = await notificationsRepository.latest(caller.organization.id, caller.email);
  const body: NotificationsResponse = { success: true, unread: notifications.filter((n) => !n.read).length, notifications };
  return { body };
});
