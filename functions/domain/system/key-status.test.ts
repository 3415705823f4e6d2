import { describe, expect, it } from 'vitest';
import { keyState } from './key-status';

const now = new Date('2026-11-23T12:00:00Z');
const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000).toISOString();

describe('keyState', () => {
  it('is an error, with the reason, when the key cannot be used', () => {
    expect(keyState({ provider: 'aws-kms', keyId: 'k', usable: false, reason: 'key state Disabled' }, now, 90)).toMatchObject({ status: 'error', message: 'key state Disabled', lastRotation: null });
  });

  it('is active while the last rotation is younger than the policy', () => {
    expect(keyState({ provider: 'local-key-file', keyId: 'local:ab', usable: true, lastRotation: daysAgo(89) }, now, 90)).toMatchObject({ status: 'active', message: null, rotationEnabled: null });
  });

  it('needs rotation once the last rotation is older than the policy and nothing rotates it', () => {
    const state = keyState({ provider: 'local-key-file', keyId: 'local:ab', usable: true, lastRotation: daysAgo(91), rotation: { enabled: false, periodDays: null, nextRotation: null } }, now, 90);
    expect(state).toMatchObject({ status: 'key_rotation_needed', rotationEnabled: false });
    expect(state.message).toBe('last rotated 91 days ago; the policy is every 90 days');
    expect(keyState({ provider: 'aws-kms', keyId: 'k', usable: true, lastRotation: null }, now, 90).status).toBe('key_rotation_needed');
  });

  it('is active when KMS rotates the key at least as often as the policy, whatever its age', () => {
    const rotation = { enabled: true, periodDays: 90, nextRotation: '2026-12-01T00:00:00.000Z' };
    expect(keyState({ provider: 'aws-kms', keyId: 'k', usable: true, lastRotation: daysAgo(400), rotation }, now, 90)).toMatchObject({
      status: 'active',
      rotationEnabled: true,
      rotationPeriodDays: 90,
      nextRotation: '2026-12-01T00:00:00.000Z',
    });
  });

  it('does not count a rotation period longer than the policy', () => {
    const rotation = { enabled: true, periodDays: 365, nextRotation: null };
    expect(keyState({ provider: 'aws-kms', keyId: 'k', usable: true, lastRotation: daysAgo(120), rotation }, now, 90).status).toBe('key_rotation_needed');
  });
});
