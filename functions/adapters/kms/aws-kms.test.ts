import { DecryptCommand, DescribeKeyCommand, GenerateDataKeyCommand, KMSClient, ListKeyRotationsCommand } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import { randomBytes } from 'node:crypto';
import { EnvelopeError, open, seal } from '../../domain/secrets/envelope';
import { AwsKmsKeyWrapper, describeKeyHealth } from './aws-kms';
import { GetKeyRotationStatusCommand } from '@aws-sdk/client-kms';

const KEY = 'arn:aws:kms:eu-west-1:123456789012:key/1234abcd-12ab-34cd-56ef-1234567890ab';
const context = { organizationId: 'org_a', purpose: 'soda-agent-api-key' };

describe('AWS KMS key wrapper', () => {
  const kms = mockClient(KMSClient);
  const client = new KMSClient({ region: 'eu-west-1' });
  beforeEach(() => kms.reset());

  it('seals with a KMS data key and opens with Decrypt, passing the encryption context both times', async () => {
    const dataKey = randomBytes(32);
    const wrapped = randomBytes(184);
    kms.on(GenerateDataKeyCommand).resolves({ Plaintext: new Uint8Array(dataKey), CiphertextBlob: new Uint8Array(wrapped), KeyId: KEY });
    kms.on(DecryptCommand).callsFake((input: { CiphertextBlob: Uint8Array }) => {
      // Only the wrapped key KMS produced unwraps.
      if (!Buffer.from(input.CiphertextBlob).equals(wrapped)) throw Object.assign(new Error('invalid ciphertext'), { name: 'InvalidCiphertextException' });
      return { Plaintext: new Uint8Array(dataKey), KeyId: KEY };
    });
    const wrapper = new AwsKmsKeyWrapper(KEY, client);

    const envelope = await seal(wrapper, 'the agent api key, 32 characters!', context);
    expect(envelope).toMatchObject({ provider: 'aws-kms', keyId: KEY, wrappedKey: wrapped.toString('base64') });
    expect(await open(wrapper, envelope, context)).toBe('the agent api key, 32 characters!');

    expect(kms.commandCalls(GenerateDataKeyCommand)[0]!.args[0].input).toEqual({ KeyId: KEY, KeySpec: 'AES_256', EncryptionContext: context });
    expect(kms.commandCalls(DecryptCommand)[0]!.args[0].input).toMatchObject({ KeyId: KEY, EncryptionContext: context });
  });

  it('reports a refused Decrypt as an envelope error', async () => {
    kms.on(GenerateDataKeyCommand).resolves({ Plaintext: new Uint8Array(randomBytes(32)), CiphertextBlob: new Uint8Array(randomBytes(64)), KeyId: KEY });
    kms.on(DecryptCommand).rejects(Object.assign(new Error('access denied'), { name: 'AccessDeniedException' }));
    const wrapper = new AwsKmsKeyWrapper(KEY, client);
    const envelope = await seal(wrapper, 'x'.repeat(32), context);
    await expect(open(wrapper, envelope, context)).rejects.toBeInstanceOf(EnvelopeError);
  });

  it('reads how KMS rotates a key (GetKeyRotationStatus), and does without it when the key policy refuses', async () => {
    kms.on(DescribeKeyCommand).resolves({ KeyMetadata: { KeyId: KEY, KeyState: 'Enabled', CreationDate: new Date('2026-01-01T00:00:00Z') } });
    kms.on(ListKeyRotationsCommand).resolves({ Rotations: [] });
    kms.on(GetKeyRotationStatusCommand).resolvesOnce({ KeyRotationEnabled: true, RotationPeriodInDays: 90, NextRotationDate: new Date('2026-04-01T00:00:00Z') });
    expect(await describeKeyHealth(KEY, client)).toEqual({
      usable: true,
      lastRotation: '2026-01-01T00:00:00.000Z',
      rotation: { enabled: true, periodDays: 90, nextRotation: '2026-04-01T00:00:00.000Z' },
    });
    kms.on(GetKeyRotationStatusCommand).rejects(Object.assign(new Error('denied'), { name: 'AccessDeniedException' }));
    expect(await describeKeyHealth(KEY, client)).toEqual({ usable: true, lastRotation: '2026-01-01T00:00:00.000Z' });
  });

  it('reads a key’s health: enabled with its last rotation, disabled, or unreachable', async () => {
    kms.on(DescribeKeyCommand).resolvesOnce({ KeyMetadata: { KeyId: KEY, KeyState: 'Enabled', CreationDate: new Date('2026-01-01T00:00:00Z') } });
    kms.on(ListKeyRotationsCommand).resolvesOnce({ Rotations: [{ RotationDate: new Date('2026-04-01T00:00:00Z') }, { RotationDate: new Date('2026-07-01T00:00:00Z') }] });
    expect(await describeKeyHealth(KEY, client)).toEqual({ usable: true, lastRotation: '2026-07-01T00:00:00.000Z' });

    kms.reset();
    kms.on(DescribeKeyCommand).resolves({ KeyMetadata: { KeyId: KEY, KeyState: 'Disabled' } });
    expect(await describeKeyHealth(KEY, client)).toEqual({ usable: false, reason: 'key state Disabled' });

    kms.reset();
    kms.on(DescribeKeyCommand).rejects(Object.assign(new Error('no'), { name: 'AccessDeniedException' }));
    expect(await describeKeyHealth(KEY, client)).toEqual({ usable: false, reason: 'AccessDeniedException' });
  });
});
