import type { DatasetRef } from '../../domain/issues/issue-store';
import { requireInstance } from '../define-route';
import type { InstanceRecord } from '../../domain/tenancy/records';

/** The dataset of the path, within the instance the chain resolved from x-instance-id. */
export function datasetRef(input: { instance: InstanceRecord | undefined; params: { dataset: string } }): DatasetRef {
  const instance = requireInstance(input);
  return { organizationId: instance.organizationId, instanceId: instance.id, datasetId: input.params.dataset };
}
