import * as z from 'zod';
import { INSTANCE_TYPES, WAREHOUSE_TYPES } from '../constants';
import { ASSIGNABLE_ROLES, PERMISSIONS, ROLES } from '../roles';
import { INVITE_EXPIRY_HOURS, INVITE_MAX_MESSAGE, INVITE_STATUSES, INVITE_TYPES, DEFAULT_INVITE_EXPIRY_HOURS } from '../invites';
import { emailSchema } from './common';

// Requests and answers of the team area (spec 2 §3 Instance, Member, Invite; §7.1; §7.6).

/** Ids are ours (letters, digits, _ and -); bounded so no path parameter is unbounded. */
export const idSchema = z.string().trim().min(1, 'is required').max(80).regex(/^[A-Za-z0-9_-]+$/, 'must be an id');

export const orgParamsSchema = z.object({ orgId: idSchema });
export const memberParamsSchema = z.object({ orgId: idSchema, email: emailSchema.pipe(z.string().max(254)) });
export const instanceParamsSchema = z.object({ orgId: idSchema, id: idSchema });
export const instanceUserParamsSchema = z.object({ orgId: idSchema, id: idSchema, email: emailSchema.pipe(z.string().max(254)) });
export const inviteParamsSchema = z.object({ orgId: idSchema, id: idSchema });

// ---- members ----------------------------------------------------------------------------

export const memberInstanceSchema = z.object({ id: z.string(), name: z.string(), type: z.enum(INSTANCE_TYPES) });
export const memberSchema = z.object({
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  is_org_admin: z.boolean(),
  instanceCount: z.number(),
  instances: z.array(memberInstanceSchema),
});
export type Member = z.infer<typeof memberSchema>;
export const membersResponseSchema = z.object({ success: z.literal(true), members: z.array(memberSchema), total: z.number() });
export type MembersResponse = z.infer<typeof membersResponseSchema>;

/** `permissions` is accepted as the spec sends it, but ignored: permissions follow from the role. */
export const roleChangeSchema = z
  .object({ role: z.enum(ASSIGNABLE_ROLES, { error: 'must be user, admin or account_owner' }), permissions: z.array(z.enum(PERMISSIONS)).max(PERMISSIONS.length).optional() })
  .strict();
export type RoleChange = z.infer<typeof roleChangeSchema>;

// ---- instances ----------------------------------------------------------------------------

const instanceName = z.string({ error: 'Instance name is required' }).trim().min(1, 'Instance name is required').max(100);
export const instanceCreateSchema = z
  .object({
    name: instanceName,
    type: z.enum(INSTANCE_TYPES).default('development'),
    description: z.string().trim().max(500).default(''),
    warehouseType: z.enum(WAREHOUSE_TYPES).default('mock'),
  })
  .strict();
export type InstanceCreate = z.infer<typeof instanceCreateSchema>;
export const instanceUpdateSchema = z
  .object({
    name: instanceName.optional(),
    type: z.enum(INSTANCE_TYPES).optional(),
    description: z.string().trim().max(500).optional(),
    warehouseType: z.enum(WAREHOUSE_TYPES).optional(),
  })
  .strict();
export type InstanceUpdate = z.infer<typeof instanceUpdateSchema>;

export const instanceUserSchema = z
  .object({ userEmail: emailSchema.pipe(z.string().max(254)), role: z.enum(ASSIGNABLE_ROLES).default('user') })
  .strict();

// ---- invites ----------------------------------------------------------------------------------

export const inviteCreateSchema = z
  .object({
    email: z.union([emailSchema.pipe(z.string().max(254)), z.literal('')]).optional(),
    role: z.enum(ASSIGNABLE_ROLES, { error: 'must be user, admin or account_owner' }).default('user'),
    permissions: z.array(z.enum(PERMISSIONS)).max(PERMISSIONS.length).optional(),
    invite_type: z.enum(INVITE_TYPES).default('email'),
    expires_in_hours: z
      .number()
      .refine((h) => (INVITE_EXPIRY_HOURS as readonly number[]).includes(h), { message: `must be one of ${INVITE_EXPIRY_HOURS.join(', ')}` })
      .default(DEFAULT_INVITE_EXPIRY_HOURS),
    message: z.string().trim().max(INVITE_MAX_MESSAGE).optional(),
    /** The instance the new member is assigned to on accepting (the Invite Member button's instance). */
    instance_id: idSchema.optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.invite_type === 'email' && !v.email) ctx.addIssue({ code: 'custom', path: ['email'], message: 'is required for an email invitation' });
  });
export type InviteCreate = z.input<typeof inviteCreateSchema>;

export const inviteSchema = z.object({
  id: z.string(),
  invite_type: z.enum(INVITE_TYPES),
  email: z.string().nullable(),
  role: z.enum(ASSIGNABLE_ROLES),
  status: z.enum(INVITE_STATUSES),
  inviter_name: z.string(),
  inviter_email: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  usage_count: z.number(),
  max_uses: z.number(),
  message: z.string().nullable(),
  invite_code: z.string(),
  invite_link: z.string(),
  instance_id: z.string().nullable(),
  instance_name: z.string().nullable(),
});
export type Invite = z.infer<typeof inviteSchema>;
export const invitesResponseSchema = z.object({ success: z.literal(true), invites: z.array(inviteSchema) });
export type InvitesResponse = z.infer<typeof invitesResponseSchema>;
export const emailContentSchema = z.object({ subject: z.string(), text: z.string(), html: z.string() });
export const inviteCreateResponseSchema = z.object({
  success: z.literal(true),
  invite: inviteSchema,
  invite_link: z.string(),
  email_content: emailContentSchema.nullable(),
  email_sent: z.boolean(),
});
export type InviteCreateResponse = z.infer<typeof inviteCreateResponseSchema>;

// ---- public invitation page (spec 2 §7.6) ----------------------------------------------------

/** Codes are 43 base64url characters; anything else cannot be an invite and is refused early. */
export const inviteCodeParamsSchema = z.object({ inviteCode: z.string().min(16).max(64).regex(/^[A-Za-z0-9_-]+$/, 'is not an invitation code') });
export const inviteDetailsSchema = z.object({
  success: z.literal(true),
  invite: z.object({
    email: z.string().nullable(),
    role: z.enum(ASSIGNABLE_ROLES),
    message: z.string().nullable(),
    expires_at: z.string(),
    invite_type: z.enum(INVITE_TYPES),
    organization: z.object({ name: z.string() }),
    inviter: z.object({ name: z.string() }),
    instance: z.object({ name: z.string() }).nullable(),
  }),
});
export type InviteDetails = z.infer<typeof inviteDetailsSchema>;
export const inviteAcceptSchema = z
  .object({
    name: z.string({ error: 'is required' }).trim().min(1, 'is required').max(200),
    email: emailSchema.pipe(z.string().max(254)),
    password: z.string({ error: 'is required' }).min(8, 'Password must be at least 8 characters long').max(256),
  })
  .strict();
export type InviteAccept = z.infer<typeof inviteAcceptSchema>;
