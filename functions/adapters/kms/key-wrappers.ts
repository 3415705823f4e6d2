import { getConfig } from '../../config';
import type { KeyWrapper } from '../../domain/secrets/envelope';
import { AwsKmsKeyWrapper } from './aws-kms';
import { LocalKeyFile } from './local-key-file';

// Which key-encryption key seals an organization's secrets: locally the key file; in AWS the
// organization's own KMS key when it registered one (BYOK), else the stage key.

let local: LocalKeyFile | undefined;

export function keyWrapperFor(org: { byok?: { kmsKeyArn: string } }): KeyWrapper {
  const config = getConfig();
  if (config.local) {
    local ??= new LocalKeyFile(config.localKeyFile);
    return local;
  }
  const keyId = org.byok?.kmsKeyArn ?? config.kmsKeyId;
  if (!keyId) throw new Error('KMS_KEY_ID is not configured');
  return new AwsKmsKeyWrapper(keyId);
}
