import * as z from 'zod';
import { BULK_MAX_ROWS } from '../constants';
import { issueIdSchema } from './issues';

// POST /api/datasets/{id}/issues/bulk-assign (spec 1 §7 AI; issue 13 §4) and the in-app
// notifications an assignment leaves for the assignee.

const SELECT_ONE = 'Please select at least one row';

export const bulkAssignParamsSchema = z.object({
  id: z.string({ error: 'is required' }).max(100, 'must be at most 100 characters').regex(/^[A-Za-z0-9_.-]{1,100}$/, 'must be a dataset id (letters, digits, _ . -)'),
});

export const bulkAssignRequestSchema = z.strictObject({
  issue_ids: z.array(issueIdSchema, { error: SELECT_ONE }).min(1, SELECT_ONE).max(BULK_MAX_ROWS, `must list at most ${BULK_MAX_ROWS} rows per call`),
  assigned_to: z.string({ error: 'is required' }).trim().toLowerCase().min(3, 'must be an e-mail address').max(320, 'must be at most 320 characters').email('must be an e-mail address'),
  assignment_reason: z.string({ error: 'must be text' }).trim().max(500, 'must be at most 500 characters').optional(),
});
export type BulkAssignRequest = z.input<typeof bulkAssignRequestSchema>;

export const bulkAssignResponseSchema = z.object({
  success: z.boolean(),
  assigned_to: z.string(),
  assigned: z.number(),
  failed: z.number(),
  total: z.number(),
  errors: z.array(z.object({ id: z.string(), error: z.string() })),
});
export type BulkAssignResponse = z.infer<typeof bulkAssignResponseSchema>;

export const assigneeSchema = z.object({ email: z.string(), name: z.string() });
export const assigneesResponseSchema = z.object({ success: z.literal(true), assignees: z.array(assigneeSchema) });
export type AssigneesResponse = z.infer<typeof assigneesResponseSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  type: z.literal('assignment'),
  at: z.string(),
  read: z.boolean(),
  title: z.string(),
  body: z.string(),
  /** Where the notification leads in the app. */
  link: z.string(),
  instance_id: z.string(),
  dataset_id: z.string(),
  by: z.string(),
});
export type AppNotification = z.infer<typeof notificationSchema>;
export const notificationsResponseSchema = z.object({ success: z.literal(true), unread: z.number(), notifications: z.array(notificationSchema) });
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;
export const markNotificationsReadSchema = z.strictObject({
  ids: z.array(z.string().max(40).regex(/^[0-9A-Z]{26}$/, 'must be a notification id'), { error: 'must be a list of ids' }).max(100).optional(),
});
