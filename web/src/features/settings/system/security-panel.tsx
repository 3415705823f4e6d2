import { Gauge, KeyRound, LockKeyhole, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import type { KeyState } from '../../../../../shared/schemas/security';
import { formatDateTime } from '../../../utils/format';
import { useSecuritySettings } from './security-api';

// The security panel of Settings › System & Security (issue 14 §5): what the server reports as
// configured — the algorithm, the rotation policy, the keys as KMS (locally the key file) sees
// them, the organization's own key (BYOK) and its sealed secrets.

const KEY_LOOK: Record<KeyState['status'], { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'success' },
  key_rotation_needed: { label: 'Rotation needed', tone: 'warning' },
  error: { label: 'Error', tone: 'danger' },
};

const PROVIDER: Record<KeyState['provider'], string> = { 'aws-kms': 'AWS KMS', 'local-key-file': 'Local key file (stands in for KMS)' };

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}

function rotationText(key: KeyState): string {
  if (key.rotationEnabled === null) return 'Not reported by the key';
  if (!key.rotationEnabled) return 'Not rotated automatically';
  return `Automatic, every ${key.rotationPeriodDays ?? '?'} days${key.nextRotation ? ` (next ${formatDateTime(key.nextRotation)})` : ''}`;
}

function KeyDetails({ keyState, testId }: { keyState: KeyState; testId: string }) {
  const look = KEY_LOOK[keyState.status];
  return (
    <div className="flex flex-col gap-3" data-testid={testId}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={look.tone} data-status={keyState.status}>
          {look.label}
        </Badge>
        {keyState.message ? <span className="text-sm text-muted-foreground">{keyState.message}</span> : null}
      </div>
      <dl className="grid gap-4 sm:grid-cols-2">
        <Item label="Key keeper">{PROVIDER[keyState.provider]}</Item>
        <Item label="Key">
          <span className="font-mono text-xs break-all">{keyState.keyId || '—'}</span>
        </Item>
        <Item label="Last rotation">{formatDateTime(keyState.lastRotation)}</Item>
        <Item label="Rotation">{rotationText(keyState)}</Item>
      </dl>
    </div>
  );
}

export function SecurityPanel() {
  const security = useSecuritySettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="size-4 text-primary" aria-hidden />
          Security
        </CardTitle>
        <CardDescription>Encryption of your organization's secrets, as the server and its key keeper report it.</CardDescription>
      </CardHeader>
      <CardContent>
        {security.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <Spinner /> Loading security settings…
          </p>
        ) : security.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-danger">
            Failed to load security settings: {security.error.message}
            <Button size="sm" variant="outline" onClick={() => void security.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <div className="flex flex-col gap-6">
            <dl className="grid gap-4 sm:grid-cols-2">
              <Item label="Algorithm">{security.data.encryption.algorithm}, a fresh data key per secret (envelope encryption)</Item>
              <Item label="Key rotation policy">Every {security.data.encryption.rotationPolicyDays} days</Item>
            </dl>
            <section aria-labelledby="security-stage-key" className="flex flex-col gap-3">
              <h3 id="security-stage-key" className="flex items-center gap-2 text-sm font-semibold">
                <KeyRound className="size-4" aria-hidden /> Platform key
              </h3>
              <KeyDetails keyState={security.data.encryption.stageKey} testId="stage-key" />
            </section>
            <section aria-labelledby="security-byok" className="flex flex-col gap-3">
              <h3 id="security-byok" className="flex items-center gap-2 text-sm font-semibold">
                <KeyRound className="size-4" aria-hidden /> Customer-managed key (BYOK)
              </h3>
              {security.data.byok.key ? (
                <KeyDetails keyState={security.data.byok.key} testId="byok-key" />
              ) : (
                <p className="text-sm text-muted-foreground">Not registered: your secrets are sealed under the platform key. A super admin registers a KMS key ARN in Organizations.</p>
              )}
            </section>
            <section aria-labelledby="security-sealed" className="flex flex-col gap-3">
              <h3 id="security-sealed" className="flex items-center gap-2 text-sm font-semibold">
                <LockKeyhole className="size-4" aria-hidden /> Sealed secrets
              </h3>
              {security.data.sealedSecrets.length === 0 ? (
                <p className="text-sm text-muted-foreground">No secrets stored for your organization.</p>
              ) : (
                <ul className="divide-y">
                  {security.data.sealedSecrets.map((secret) => (
                    <li key={secret.name} className="flex flex-col gap-0.5 py-2 text-sm">
                      <span className="font-medium">{secret.name}</span>
                      <span className="text-xs break-all text-muted-foreground">
                        Sealed {formatDateTime(secret.sealedAt)} under {secret.byok ? 'your own key' : 'the platform key'} · {secret.keyId}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section aria-labelledby="security-rate-limits" className="flex flex-col gap-3">
              <h3 id="security-rate-limits" className="flex items-center gap-2 text-sm font-semibold">
                <Gauge className="size-4" aria-hidden /> Rate limits
              </h3>
              <ul className="divide-y" data-testid="rate-limits">
                {security.data.rateLimits.map((limit) => (
                  <li key={limit.name} className="flex flex-col gap-0.5 py-2 text-sm">
                    <span className="font-medium">
                      {limit.name}: {limit.limit.toLocaleString('en-US')} per {limit.per}
                    </span>
                    <span className="text-xs text-muted-foreground">
                      {limit.scope} · {limit.enforcedBy}
                      {limit.enforcedHere ? '' : ' · applies in deployed stages (not enforced by the local stack)'}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
