import type { Instance } from '../../../shared/schemas/session';

/**
 * The instance chosen when the list loads (spec 1 §4): the saved current_instance_id if it is in
 * the list, else the first production instance, else the first; null for an empty list.
 */
export function pickDefaultInstance(
  instances: readonly Pick<Instance, 'id' | 'type'>[],
  savedInstanceId: string | null,
): string | null {
  if (savedInstanceId && instances.some((i) => i.id === savedInstanceId)) return savedInstanceId;
  return (instances.find((i) => i.type === 'production') ?? instances[0])?.id ?? null;
}

/** The message when the user has no instance at all (spec 1 §5). */
export function noInstancesMessage(isOrgAdmin: boolean): string {
  return isOrgAdmin
    ? 'No instances available. Please contact system administrator.'
    : 'No instances available. Please contact your organization administrator.';
}
