import { z } from 'zod';
import { INSTANCE_TYPES, ORGANIZATION_TYPES, ONBOARDING_STATUSES, WAREHOUSE_TYPES } from '../constants';
import { PERMISSIONS, ROLES } from '../roles';
import { emailSchema } from './common';

// ---- requests -------------------------------------------------------------

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'is required' }).min(1, 'is required').max(256, 'must be at most 256 characters'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const emergencyAccessRequestSchema = z.object({
  emergency_code: z.string({ error: 'is required' }).min(1, 'is required').max(128, 'must be at most 128 characters'),
  email: emailSchema,
});
export type EmergencyAccessRequest = z.infer<typeof emergencyAccessRequestSchema>;

/** A name may be left unchanged, never blank (issue 9). */
export const NAME_BLANK = 'cannot be blank';
export const FIRST_NAME_REQUIRED = 'Enter your first name.';
export const LAST_NAME_REQUIRED = 'Enter your last name.';

export const profileUpdateSchema = z
  .object({
    first_name: z.string().trim().min(1, NAME_BLANK).max(100).optional(),
    last_name: z.string().trim().min(1, NAME_BLANK).max(100).optional(),
    title: z.string().trim().max(150).optional(),
  })
  .strict();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** Starting an e-mail change (issue 8 item 1): a code goes to the new address. */
export const emailChangeRequestSchema = z.object({ new_email: emailSchema }).strict();
export type EmailChangeRequest = z.infer<typeof emailChangeRequestSchema>;

/** Completing it with the code sent to the new address. */
export const emailChangeVerifySchema = z
  .object({ code: z.string({ error: 'is required' }).trim().regex(/^\d{6}$/, 'must be the 6-digit code from the e-mail') })
  .strict();
export type EmailChangeVerify = z.infer<typeof emailChangeVerifySchema>;

export const emailChangeStartedSchema = z.object({ success: z.literal(true), pending_email: z.string(), expires_at: z.string(), message: z.string() });
export const emailChangeDoneSchema = z.object({ success: z.literal(true), email: z.string(), message: z.string() });

// ---- entities -------------------------------------------------------------

export const userSchema = z.object({
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  organization_id: z.string(),
  organization_name: z.string(),
  is_org_admin: z.boolean(),
  is_super_admin: z.boolean(),
  first_name: z.string(),
  last_name: z.string(),
  title: z.string(),
  permissions: z.array(z.enum(PERMISSIONS)),
  instance_id: z.string().optional(),
  access_type: z.enum(['password', 'emergency']).optional(),
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({
  success: z.boolean(),
  token: z.string().optional(),
  /** Seconds until the token expires. */
  expiresIn: z.number().optional(),
  user: userSchema.optional(),
  error: z.string().optional(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const instanceSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(INSTANCE_TYPES),
  description: z.string(),
  warehouseType: z.enum(WAREHOUSE_TYPES),
  organization_id: z.string(),
  organization_name: z.string(),
  userCount: z.number(),
  datasetCount: z.number(),
  created_by: z.string(),
  status: z.enum(['active', 'inactive']),
});
export type Instance = z.infer<typeof instanceSchema>;

export const instancesResponseSchema = z.object({
  success: z.literal(true),
  total: z.number(),
  is_org_admin: z.boolean(),
  user_email: z.string(),
  instances: z.array(instanceSchema),
});
export type InstancesResponse = z.infer<typeof instancesResponseSchema>;

export const meResponseSchema = z.object({ success: z.literal(true), user: userSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;

export const demoConfigSchema = z.object({
  success: z.literal(true),
  passwords: z.record(z.string(), z.string()),
  organizations: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      type: z.enum(ORGANIZATION_TYPES),
      users: z.array(
        z.object({
          email: z.string(),
          name: z.string(),
          role: z.enum(ROLES),
          title: z.string(),
          passwordType: z.string(),
        }),
      ),
    }),
  ),
});
export type DemoConfig = z.infer<typeof demoConfigSchema>;

export const datasetSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  onboardingStatus: z.enum(ONBOARDING_STATUSES),
  recordKey: z.string(),
  totalRecords: z.number(),
  totalFailedRows: z.number(),
  openIssues: z.number(),
  resolvedIssues: z.number(),
  mutedIssues: z.number(),
  lastScanTime: z.string().nullable(),
});
export type DatasetSummary = z.infer<typeof datasetSummarySchema>;

export const datasetsResponseSchema = z.object({
  success: z.literal(true),
  datasets: z.array(datasetSummarySchema),
});
export type DatasetsResponse = z.infer<typeof datasetsResponseSchema>;
