import { InstanceGate } from '../../../components/instance-gate';
import { PageHeader } from '../../../components/page-header';
import { PageTitle } from '../../../components/page-title';
import { RealtimeIndicator } from '../../../components/realtime-indicator';
import { IssuesScreen } from './issues-screen';

/** The Issues screen (spec 1 §2): "No Instance Selected", "No Datasets Available", or the dataset's failed rows. */
export function IssuesPage() {
  return (
    <>
      <PageTitle title="Data Quality Issues" />
      <PageHeader
        title="Data Quality Issues"
        description="Triage the rows that failed data-quality checks: fix, resolve, mute or unmute them."
        actions={<RealtimeIndicator />}
      />
      <InstanceGate>
        {({ instance, datasets, dataset, selectDataset }) =>
          dataset ? (
            <IssuesScreen
              key={`${instance.id}/${dataset.id}`}
              instance={instance}
              datasets={datasets}
              dataset={dataset}
              selectDataset={selectDataset}
            />
          ) : null
        }
      </InstanceGate>
    </>
  );
}
