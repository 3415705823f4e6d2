import * as z from 'zod';
import { INSTANCE_TYPES, ORGANIZATION_TYPES, ONBOARDING_STATUSES, WAREHOUSE_TYPES } from '../constants';
import { PERMISSIONS, ROLES } from '../roles';
import { emailSchema } from './common';

// ---- requests -------------------------------------------------------------

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'is required' }).min(1, 'is required').max(256, 'must be at most 256 characters'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** What the user pool's password policy asks for (functions/adapters/identity/user-pool-definition.ts). */
export const PASSWORD_RULES_TEXT = 'At least 8 characters, with an uppercase letter, a lowercase letter, a digit and a symbol.';
export const PASSWORD_TOO_SHORT = 'Password must be at least 8 characters long';

/** The first rule of the pool's policy a new password breaks, or null. */
export function passwordPolicyProblem(password: string): string | null {
  if (password.length < 8) return PASSWORD_TOO_SHORT;
  if (!/[a-z]/.test(password)) return 'Password must contain a lowercase letter';
  if (!/[A-Z]/.test(password)) return 'Password must contain an uppercase letter';
  if (!/[0-9]/.test(password)) return 'Password must contain a digit';
  if (!/[^A-Za-z0-9]/.test(password)) return 'Password must contain a symbol';
  return null;
}

/** The new-password step after an administrator's reset: the challenge's session proves the temporary password. */
export const newPasswordRequestSchema = z.object({
  email: emailSchema,
  session: z.string({ error: 'is required' }).min(20, 'is not a sign-in session').max(4096, 'must be at most 4096 characters'),
  new_password: z
    .string({ error: 'is required' })
    .max(256, 'must be at most 256 characters')
    .superRefine((value, ctx) => {
      const problem = passwordPolicyProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});
export type NewPasswordRequest = z.infer<typeof newPasswordRequestSchema>;

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
  /** Set (with success false) when the password was a temporary one: answer with POST /api/auth/new-password. */
  challenge: z.literal('NEW_PASSWORD_REQUIRED').optional(),
  session: z.string().optional(),
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
  /** "agent" for a dataset the organization's agent connector brought in (issue 14). */
  origin: z.enum(['upload', 'agent']).optional(),
});
export type DatasetSummary = z.infer<typeof datasetSummarySchema>;

export const datasetsResponseSchema = z.object({
  success: z.literal(true),
  datasets: z.array(datasetSummarySchema),
});
export type DatasetsResponse = z.infer<typeof datasetsResponseSchema>;
