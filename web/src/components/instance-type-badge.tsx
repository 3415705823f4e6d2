import type { InstanceType } from '../../../shared/constants';
import { Badge, type BadgeTone } from './ui/badge';

const LOOKS: Record<InstanceType, { label: string; tone: BadgeTone }> = {
  production: { label: 'Production', tone: 'success' },
  development: { label: 'Development', tone: 'primary' },
  business_unit: { label: 'Business Unit', tone: 'neutral' },
  staging: { label: 'Staging', tone: 'warning' },
  testing: { label: 'Testing', tone: 'caution' },
};

export function InstanceTypeBadge({ type }: { type: InstanceType }) {
  const look = LOOKS[type];
  return <Badge tone={look.tone}>{look.label}</Badge>;
}
