import { markNotificationsReadSchema } from '../../../shared/schemas/assignments';
import { notificationsRepository } from '../../adapters/dynamodb/notifications-repository';
import { defineRoute, requireCaller } from '../define-route';

// POST /api/users/me/notifications/read {ids?}: marks the caller's notifications read (all shown ones without ids).
export const handler = defineRoute({ body: markNotificationsReadSchema }, async (input) => {
  const caller = requireCaller(input);
  const ids = input.body.ids ?? (await notificationsRepository.latest(caller.organization.id, caller.email)).filter((n) => !n.read).map((n) => n.id);
  await notificationsRepository.markRead(caller.organization.id, caller.email, ids);
  return { body: { success: true, read: ids.length } };
});
