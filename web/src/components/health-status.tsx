import { CircleCheck, CircleExclamationPoint, CircleQuestionMark, CircleX, TriangleExclamationPoint, type LucideIcon } from 'lucide-react';
import type { HEALTH_STATUSES } from '../../../shared/schemas/system';
import { Badge, type BadgeTone } from './ui/badge';

type HealthStatus = (typeof HEALTH_STATUSES)[number];

interface HealthLook {
  label: string;
  tone: BadgeTone;
  icon: LucideIcon;
}

// Each health status has its own colour and icon; unhealthy and error look alike (spec 2 §2.3).
const LOOKS: Record<HealthStatus, HealthLook> = {
  healthy: { label: 'Healthy', tone: 'success', icon: CircleCheck },
  warning: { label: 'Warning', tone: 'warning', icon: TriangleExclamationPoint },
  degraded: { label: 'Degraded', tone: 'caution', icon: CircleExclamationPoint },
  unhealthy: { label: 'Unhealthy', tone: 'danger', icon: CircleX },
  error: { label: 'Error', tone: 'danger', icon: CircleX },
};

const UNKNOWN: HealthLook = { label: 'Unknown', tone: 'neutral', icon: CircleQuestionMark };

export function healthLook(status: string): HealthLook {
  return (LOOKS as Record<string, HealthLook | undefined>)[status] ?? UNKNOWN;
}

export function HealthStatusBadge({ status }: { status: string }) {
  const look = healthLook(status);
  const Icon = look.icon;
  return (
    <Badge tone={look.tone} data-status={status}>
      <Icon className="size-3.5" aria-hidden />
      {look.label}
    </Badge>
  );
}
