import * as z from 'zod';

// Settings › System & Security (spec 2 §2.3 System; issue 14 §5): what is actually configured,
// read from the configuration and from KMS (locally the key file), never display text.

export const KEY_STATUSES = ['active', 'key_rotation_needed', 'error'] as const;

/** A key-encryption key as its keeper reports it. */
export const keyStateSchema = z.object({
  provider: z.enum(['aws-kms', 'local-key-file']),
  keyId: z.string(),
  status: z.enum(KEY_STATUSES),
  /** The last rotation (KMS: the newest ListKeyRotations date, else the key's creation; locally the key file's write time). */
  lastRotation: z.string().nullable(),
  /** Automatic rotation as the keeper reports it; null when it could not be read. */
  rotationEnabled: z.boolean().nullable(),
  rotationPeriodDays: z.number().nullable(),
  nextRotation: z.string().nullable(),
  /** Why the key is in error, or why rotation is due. */
  message: z.string().nullable(),
});
export type KeyState = z.infer<typeof keyStateSchema>;

export const securitySettingsSchema = z.object({
  success: z.literal(true),
  encryption: z.object({
    /** The algorithm every customer secret is sealed with. */
    algorithm: z.string(),
    /** The rotation policy (spec 2 §9): keys rotate every this many days. */
    rotationPolicyDays: z.number(),
    /** The key that wraps the data keys of organizations without their own key. */
    stageKey: keyStateSchema,
  }),
  byok: z.object({
    /** The organization registered its own KMS key. */
    enabled: z.boolean(),
    keyArn: z.string().nullable(),
    key: keyStateSchema.nullable(),
  }),
  /** The organization's sealed secrets: what sealed them and when; never the secret. */
  sealedSecrets: z.array(z.object({ name: z.string(), keyProvider: z.string(), keyId: z.string(), sealedAt: z.string(), byok: z.boolean() })),
  /** Every request-rate limit as configured (shared/rate-limits.ts), and whether this stage enforces it. */
  rateLimits: z.array(
    z.object({ name: z.string(), limit: z.number(), per: z.string(), scope: z.string(), enforcedBy: z.string(), deployedOnly: z.boolean(), enforcedHere: z.boolean() }),
  ),
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

/** Per-organization IP allowlist (issue 14 §5): CIDR ranges; empty allows every address. */
export const IP_ALLOWLIST_MAX_ENTRIES = 100;
export const ipAllowlistUpdateSchema = z.object({
  cidrs: z.array(z.string().trim().min(1).max(64)).max(IP_ALLOWLIST_MAX_ENTRIES),
  /** The saving admin's own address is not in the list: they confirmed they lose access. */
  confirmLockout: z.boolean().optional(),
});
export const ipAllowlistSchema = z.object({
  success: z.literal(true),
  cidrs: z.array(z.string()),
  /** The address this request came from, as the allowlist sees it. */
  yourIp: z.string(),
  yourIpAllowed: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type IpAllowlist = z.infer<typeof ipAllowlistSchema>;
/** The 409's field when saving would lock the saving admin out. */
export const LOCKOUT_FIELD = 'confirmLockout';
