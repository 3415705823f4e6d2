import { getConfig } from '../../config';
import type { KeyWrapper } from '../../domain/secrets/envelope';
import type { KeyInspection } from '../../domain/system/key-status';
import { AwsKmsKeyWrapper, describeKeyHealth } from './aws-kms';
import { LocalKeyFile } from './local-key-file';

// Which key-encryption key seals an organization's secrets: locally the key file; in AWS the
// organization's own KMS key when it registered one (BYOK), else the stage key.

let local: LocalKeyFile | undefined;

function localKey(): LocalKeyFile {
  local ??= new LocalKeyFile(getConfig().localKeyFile);
  return local;
}

export function keyWrapperFor(org: { byok?: { kmsKeyArn: string } }): KeyWrapper {
  const config = getConfig();
  if (config.local) return localKey();
  const keyId = org.byok?.kmsKeyArn ?? config.kmsKeyId;
  if (!keyId) throw new Error('KMS_KEY_ID is not configured');
  return new AwsKmsKeyWrapper(keyId);
}

/**
 * Reads a key-encryption key's state where it lives: KMS (DescribeKey, ListKeyRotations,
 * GetKeyRotationStatus) for the stage key or an organization's own key; locally the key file,
 * which stands in for every key, BYOK ones included.
 */
export async function inspectKey(which: { byok?: { kmsKeyArn: string } } = {}): Promise<KeyInspection> {
  const config = getConfig();
  if (config.local) {
    const described = localKey().describe();
    return described.usable
      ? { provider: 'local-key-file', keyId: described.keyId, usable: true, lastRotation: described.lastRotation, rotation: { enabled: false, periodDays: null, nextRotation: null } }
      : { provider: 'local-key-file', keyId: config.localKeyFile, usable: false, reason: described.reason };
  }
  const keyId = which.byok?.kmsKeyArn ?? config.kmsKeyId;
  if (!keyId) return { provider: 'aws-kms', keyId: '', usable: false, reason: 'KMS_KEY_ID is not configured' };
  const health = await describeKeyHealth(keyId);
  return health.usable
    ? { provider: 'aws-kms', keyId, usable: true, lastRotation: health.lastRotation, ...(health.rotation ? { rotation: health.rotation } : {}) }
    : { provider: 'aws-kms', keyId, usable: false, reason: health.reason };
}
