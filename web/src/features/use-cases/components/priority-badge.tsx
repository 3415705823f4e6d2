import type { UseCasePriority } from '../../../../../shared/use-cases';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

export const PRIORITY_TONE: Record<UseCasePriority, BadgeTone> = { critical: 'danger', high: 'caution', medium: 'warning', low: 'neutral' };
export const PRIORITY_LABEL: Record<UseCasePriority, string> = { critical: 'Critical', high: 'High', medium: 'Medium', low: 'Low' };

export function PriorityBadge({ priority, prefix }: { priority: UseCasePriority; prefix?: string }) {
  return <Badge tone={PRIORITY_TONE[priority]}>{prefix ? `${prefix} ${PRIORITY_LABEL[priority].toLowerCase()}` : PRIORITY_LABEL[priority]}</Badge>;
}
