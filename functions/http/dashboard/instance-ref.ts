import type { InstanceRef } from '../../domain/dashboard/ports';
import { requireInstance } from '../define-route';
import type { InstanceRecord } from '../../domain/tenancy/records';

/** The instance the chain resolved from x-instance-id. */
export function instanceRef(input: { instance: InstanceRecord | undefined }): InstanceRef {
  const instance = requireInstance(input);
  return { organizationId: instance.organizationId, instanceId: instance.id };
}
