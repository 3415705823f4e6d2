import { DecryptCommand, DescribeKeyCommand, GenerateDataKeyCommand, GetKeyRotationStatusCommand, KMSClient, ListKeyRotationsCommand } from '@aws-sdk/client-kms';
import type { DataKey, EncryptionContext, KeyWrapper } from '../../domain/secrets/envelope';

// AWS KMS as the key-encryption key: GenerateDataKey gives the data key in plaintext and wrapped;
// Decrypt unwraps it. The key is the stage key (rotated every 90 days by KMS) or, for an
// organization that registered one (BYOK), its own key ARN. The encryption context travels with
// both calls, so CloudTrail shows which organization's secret a Decrypt opened.

let shared: KMSClient | undefined;
export function kmsClient(region?: string): KMSClient {
  shared ??= new KMSClient(region ? { region } : {});
  return shared;
}

export class AwsKmsKeyWrapper implements KeyWrapper {
  readonly provider = 'aws-kms' as const;

  constructor(
    private readonly keyId: string,
    private readonly client: KMSClient = kmsClient(),
  ) {}

  async generateDataKey(context: EncryptionContext): Promise<DataKey> {
    const out = await this.client.send(new GenerateDataKeyCommand({ KeyId: this.keyId, KeySpec: 'AES_256', EncryptionContext: { ...context } }));
    if (!out.Plaintext || !out.CiphertextBlob) throw new Error('KMS returned no data key');
    return { plaintext: Buffer.from(out.Plaintext), wrapped: Buffer.from(out.CiphertextBlob), keyId: out.KeyId ?? this.keyId };
  }

  async unwrapDataKey(wrapped: Buffer, keyId: string, context: EncryptionContext): Promise<Buffer> {
    const out = await this.client.send(new DecryptCommand({ CiphertextBlob: wrapped, KeyId: keyId, EncryptionContext: { ...context } }));
    if (!out.Plaintext) throw new Error('KMS returned no plaintext');
    return Buffer.from(out.Plaintext);
  }
}

/** Automatic rotation as KMS reports it (GetKeyRotationStatus); absent when the key's policy does not let us read it. */
export interface KeyRotation {
  enabled: boolean;
  periodDays: number | null;
  nextRotation: string | null;
}

export type KeyHealth = { usable: true; lastRotation: string | null; rotation?: KeyRotation } | { usable: false; reason: string };

/**
 * Whether a key can be used, when it last rotated and how it rotates (System & Security, the
 * Organizations tab's BYOK list): DescribeKey, ListKeyRotations, GetKeyRotationStatus.
 */
export async function describeKeyHealth(keyId: string, client: KMSClient = kmsClient()): Promise<KeyHealth> {
  try {
    const described = await client.send(new DescribeKeyCommand({ KeyId: keyId }));
    const meta = described.KeyMetadata;
    if (!meta || meta.KeyState !== 'Enabled') return { usable: false, reason: `key state ${meta?.KeyState ?? 'unknown'}` };
    const rotations = await client.send(new ListKeyRotationsCommand({ KeyId: keyId }));
    const dates = (rotations.Rotations ?? []).map((r) => r.RotationDate?.toISOString()).filter((d): d is string => Boolean(d));
    const last = dates.sort().at(-1) ?? meta.CreationDate?.toISOString() ?? null;
    let rotation: KeyRotation | undefined;
    try {
      const status = await client.send(new GetKeyRotationStatusCommand({ KeyId: keyId }));
      rotation = { enabled: status.KeyRotationEnabled === true, periodDays: status.RotationPeriodInDays ?? null, nextRotation: status.NextRotationDate?.toISOString() ?? null };
    } catch {
      // A customer's key policy may allow DescribeKey but not this; the rest still stands.
    }
    return { usable: true, lastRotation: last, ...(rotation ? { rotation } : {}) };
  } catch (error) {
    return { usable: false, reason: (error as Error).name || 'KMS error' };
  }
}
