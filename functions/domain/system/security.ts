import { configuredRateLimits } from '../../../shared/rate-limits';
import type { SecuritySettings } from '../../../shared/schemas/security';
import type { AgentConfigRecord } from '../agent/ports';
import { ENVELOPE_ALGORITHM, KEY_ROTATION_DAYS } from '../secrets/envelope';
import type { OrganizationRecord } from '../tenancy/records';
import { keyState, type KeyInspection } from './key-status';

// Settings › System & Security's security panel (issue 14 §5): the algorithm and rotation policy
// the code enforces, the stage key and the organization's own key as KMS (locally the key file)
// reports them, and the organization's sealed secrets.

export interface SecurityDeps {
  inspectKey(which: { byok?: { kmsKeyArn: string } }): Promise<KeyInspection>;
  agentConfig(orgId: string): Promise<AgentConfigRecord | undefined>;
  now(): Date;
  /** The stage's sign-in budget per address, and whether it runs in AWS (API Gateway and WAF limits apply). */
  limits: { loginSourceMaxAttempts: number; deployed: boolean };
}

export async function securitySettings(deps: SecurityDeps, org: OrganizationRecord): Promise<SecuritySettings> {
  const [stage, own, agent] = await Promise.all([deps.inspectKey({}), org.byok ? deps.inspectKey({ byok: org.byok }) : undefined, deps.agentConfig(org.id)]);
  const now = deps.now();
  return {
    success: true,
    encryption: { algorithm: ENVELOPE_ALGORITHM, rotationPolicyDays: KEY_ROTATION_DAYS, stageKey: keyState(stage, now, KEY_ROTATION_DAYS) },
    byok: { enabled: Boolean(org.byok), keyArn: org.byok?.kmsKeyArn ?? null, key: own ? keyState(own, now, KEY_ROTATION_DAYS) : null },
    sealedSecrets: agent
      ? [{ name: 'Soda Agent API key', keyProvider: agent.apiKey.provider, keyId: agent.apiKey.keyId, sealedAt: agent.apiKey.sealedAt, byok: agent.byokEnabled }]
      : [],
    rateLimits: configuredRateLimits(deps.limits).map((limit) => ({ ...limit, enforcedHere: deps.limits.deployed || !limit.deployedOnly })),
  };
}
