import * as z from 'zod';
import { SUBSCRIPTIONS } from '../constants';
import { idSchema } from './team';

// Organizations (spec 2 §3 Organization, §5 Organization create, §7.1).

/** A domain name: labels of letters, digits and hyphens, lowercased. */
export const domainSchema = z
  .string({ error: 'is required' })
  .trim()
  .toLowerCase()
  .min(1, 'is required')
  .max(253)
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'must be a domain name such as example.com');

export const slugSchema = z.string().trim().min(1, 'is required').max(60).regex(/^[a-z0-9]+(?:_[a-z0-9]+)*$/, 'must be lowercase letters, digits and single underscores');

export const organizationCreateSchema = z
  .object({
    name: z.string({ error: 'Please fill in all required fields' }).trim().min(1, 'Please fill in all required fields').max(120),
    slug: slugSchema.optional(),
    domain: domainSchema,
    subscription: z.enum(SUBSCRIPTIONS).default('professional'),
  })
  .strict();
export type OrganizationCreate = z.input<typeof organizationCreateSchema>;

export const organizationUpdateSchema = z
  .object({
    name: z.string().trim().min(1).max(120).optional(),
    /** Super admins only. */
    subscription: z.enum(SUBSCRIPTIONS).optional(),
    /** Super admins only: suspend or reactivate. */
    status: z.enum(['active', 'suspended']).optional(),
    /** Super admins only: register (or clear, with null) the organization's own KMS key. */
    data_protection: z
      .object({ kms_key_arn: z.string().max(2048).regex(/^arn:aws[a-z-]*:kms:[a-z0-9-]+:\d{12}:(key|alias)\/[A-Za-z0-9/_-]+$/, 'must be a KMS key ARN').nullable() })
      .strict()
      .optional(),
  })
  .strict();
export type OrganizationUpdate = z.infer<typeof organizationUpdateSchema>;

export const organizationIdParamsSchema = z.object({ id: idSchema });
export const domainParamsSchema = z.object({ id: idSchema, domain: domainSchema });
export const diagnosticsSchema = z
  .object({ schema: z.string().trim().max(128).regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a schema name').optional(), enabled: z.boolean().default(true) })
  .strict();

export const organizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  domain: z.string(),
  domains: z.array(z.string()),
  subscription: z.enum(SUBSCRIPTIONS),
  status: z.enum(['active', 'suspended']),
  inactive: z.boolean(),
  created: z.string(),
  users: z.number(),
  shard: z.string(),
  byok: z.boolean(),
  data_protection: z.object({ kms_key_arn: z.string().nullable(), last_rotation: z.string().nullable() }),
  diagnostics_config: z.object({ schema: z.string(), enabled: z.boolean() }).nullable(),
});
export type Organization = z.infer<typeof organizationSchema>;
export const organizationsResponseSchema = z.object({ success: z.literal(true), organizations: z.array(organizationSchema) });
export const organizationResponseSchema = z.object({ success: z.literal(true), organization: organizationSchema });

export const overviewSchema = z.object({
  success: z.literal(true),
  overview: z.object({ totalAccounts: z.number(), activeAccounts: z.number(), byokEnabled: z.number(), sharding: z.object({ totalShards: z.number() }) }),
});
export const shardSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(['healthy', 'warning', 'error']),
  region: z.string(),
  accounts: z.number(),
  database: z.string(),
  itemCount: z.number(),
  sizeBytes: z.number(),
  warning: z.string().optional(),
});
export const shardsResponseSchema = z.object({ success: z.literal(true), shards: z.array(shardSchema) });
/** keyRotation and status as KMS reports the key (locally the key file); message says why it is not active. */
export const byokAccountSchema = z.object({ id: z.string(), name: z.string(), keyArn: z.string(), keyRotation: z.string(), status: z.enum(['active', 'key_rotation_needed', 'error']), message: z.string().nullable().optional() });
export const byokResponseSchema = z.object({ success: z.literal(true), accounts: z.array(byokAccountSchema) });
