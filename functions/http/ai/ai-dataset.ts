import type { DatasetRef } from '../../domain/issues/issue-store';
import { requireInstance } from '../define-route';
import type { InstanceRecord } from '../../domain/tenancy/records';

/** The dataset a body names (context.datasetId / datasetId), within the x-instance-id instance. */
export function bodyDatasetRef(input: { instance: InstanceRecord | undefined }, datasetId: string): DatasetRef {
  const instance = requireInstance(input);
  return { organizationId: instance.organizationId, instanceId: instance.id, datasetId };
}
