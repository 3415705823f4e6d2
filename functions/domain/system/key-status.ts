import type { KeyState } from '../../../shared/schemas/security';

// A key-encryption key's status (System & Security, the Organizations tab's BYOK list; spec 2
// §2.3: active, key_rotation_needed, error), from what its keeper reports.

export interface KeyRotationReport {
  enabled: boolean;
  periodDays: number | null;
  nextRotation: string | null;
}

export type KeyInspection = { provider: KeyState['provider']; keyId: string } & (
  | { usable: true; lastRotation: string | null; rotation?: KeyRotationReport }
  | { usable: false; reason: string }
);

const DAY_MS = 86_400_000;

/**
 * error when the key cannot be used; active when its keeper rotates it at least every
 * `policyDays`, or its last rotation is younger than that; otherwise key_rotation_needed.
 */
export function keyState(inspection: KeyInspection, now: Date, policyDays: number): KeyState {
  const base = { provider: inspection.provider, keyId: inspection.keyId };
  if (!inspection.usable) {
    return { ...base, status: 'error', lastRotation: null, rotationEnabled: null, rotationPeriodDays: null, nextRotation: null, message: inspection.reason };
  }
  const rotation = inspection.rotation;
  const rotatesInPolicy = rotation?.enabled === true && rotation.periodDays !== null && rotation.periodDays <= policyDays;
  const ageDays = inspection.lastRotation ? (now.getTime() - Date.parse(inspection.lastRotation)) / DAY_MS : Infinity;
  const due = !rotatesInPolicy && ageDays > policyDays;
  return {
    ...base,
    status: due ? 'key_rotation_needed' : 'active',
    lastRotation: inspection.lastRotation,
    rotationEnabled: rotation ? rotation.enabled : null,
    rotationPeriodDays: rotation?.periodDays ?? null,
    nextRotation: rotation?.nextRotation ?? null,
    message: due
      ? inspection.lastRotation
        ? `last rotated ${Math.floor(ageDays)} days ago; the policy is every ${policyDays} days`
        : `no rotation recorded; the policy is every ${policyDays} days`
      : null,
  };
}
