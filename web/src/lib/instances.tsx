import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { toast } from './toast';
import type { DatasetSummary, Instance } from '../../../shared/schemas/session';
import { useSearchParams } from 'react-router';
import { getCurrentInstanceId, getLastDatasetId, setCurrentInstanceId, setLastDatasetId } from './auth-storage';
import { pickDefaultDataset } from './default-dataset';
import { noInstancesMessage, pickDefaultInstance } from './default-instance';
import { useDatasets } from './api/get-datasets';
import { instancesLoadErrorMessage, myInstancesQueryOptions } from './api/get-my-instances';
import { INSTANCE_SCOPE } from './query-client';
import { useSession } from './session';

// Which instance (and dataset) the signed-in user is working in (spec 1 §4 Instances). Mount it
// keyed by the user's e-mail so a different user starts from a clean choice.

export type InstancesStatus = 'idle' | 'loading' | 'error' | 'ready';

interface InstanceContextValue {
  status: InstancesStatus;
  instances: Instance[];
  /** The load failure or the no-instances message, ready to show. */
  errorMessage: string | null;
  currentInstance: Instance | null;
  currentInstanceId: string | null;
  selectInstance: (instanceId: string) => void;
  /** The dataset picked by the user in this instance, if any (see useCurrentDataset). */
  chosenDatasetId: string | null;
  selectDataset: (datasetId: string) => void;
}

const InstanceContext = createContext<InstanceContextValue | null>(null);

export function InstanceProvider({ children }: { children: ReactNode }) {
  const { status: sessionStatus, user } = useSession();
  const queryClient = useQueryClient();
  const query = useQuery({
    ...myInstancesQueryOptions(user?.email ?? ''),
    enabled: sessionStatus === 'authenticated' && user !== null,
  });
  const [chosenInstanceId, setChosenInstanceId] = useState<string | null>(getCurrentInstanceId);
  const [chosenDatasetId, setChosenDatasetId] = useState<string | null>(null);

  const instances = useMemo(() => query.data?.instances ?? [], [query.data]);
  const currentInstanceId = query.data ? pickDefaultInstance(instances, chosenInstanceId) : null;
  const currentInstance = instances.find((i) => i.id === currentInstanceId) ?? null;

  useEffect(() => {
    if (currentInstanceId && currentInstanceId !== getCurrentInstanceId()) setCurrentInstanceId(currentInstanceId);
  }, [currentInstanceId]);

  const selectInstance = useCallback(
    (instanceId: string) => {
      if (!instances.some((i) => i.id === instanceId)) {
        toast.error('Instance not found');
        return;
      }
      if (instanceId === currentInstanceId) return;
      setCurrentInstanceId(instanceId);
      setChosenInstanceId(instanceId);
      setChosenDatasetId(null);
      // Keys carry the instance id, so the new instance loads fresh; older answers go stale.
      void queryClient.invalidateQueries({ queryKey: [INSTANCE_SCOPE] });
    },
    [instances, currentInstanceId, queryClient],
  );

  let status: InstancesStatus = 'idle';
  let errorMessage: string | null = null;
  if (query.isError) {
    status = 'error';
    errorMessage = instancesLoadErrorMessage(query.error);
  } else if (query.data) {
    status = 'ready';
    if (instances.length === 0) {
      errorMessage = noInstancesMessage(query.data.is_org_admin || user?.is_org_admin === true);
    }
  } else if (query.isFetching) {
    status = 'loading';
  }

  const value = useMemo(
    () => ({
      status,
      instances,
      errorMessage,
      currentInstance,
      currentInstanceId,
      selectInstance,
      chosenDatasetId,
      selectDataset: (datasetId: string) => {
        setChosenDatasetId(datasetId);
        if (currentInstanceId) setLastDatasetId(currentInstanceId, datasetId);
      },
    }),
    [status, instances, errorMessage, currentInstance, currentInstanceId, selectInstance, chosenDatasetId],
  );
  return <InstanceContext value={value}>{children}</InstanceContext>;
}

export function useInstances(): InstanceContextValue {
  const value = use(InstanceContext);
  if (!value) throw new Error('useInstances must be used inside InstanceProvider');
  return value;
}

/**
 * The datasets of the current instance and the one being worked on: the one the URL names
 * (`?dataset=`, so a reload or a shared link keeps it), else the user's pick, else the last one
 * worked on in this instance, else opportunities, else the first (spec 1 §4; issue 9).
 */
export function useCurrentDataset() {
  const { currentInstanceId, chosenDatasetId, selectDataset } = useInstances();
  const [searchParams] = useSearchParams();
  const datasetsQuery = useDatasets(currentInstanceId);
  const datasets: DatasetSummary[] = datasetsQuery.data?.datasets ?? [];
  const candidates = [searchParams.get('dataset'), chosenDatasetId, currentInstanceId ? getLastDatasetId(currentInstanceId) : null];
  const datasetId = candidates.find((id) => id && datasets.some((d) => d.id === id)) ?? pickDefaultDataset(datasets);
  const dataset = datasets.find((d) => d.id === datasetId) ?? null;
  return { datasetsQuery, datasets, dataset, selectDataset };
}
