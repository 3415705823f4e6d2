import { z } from 'zod';

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
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;
