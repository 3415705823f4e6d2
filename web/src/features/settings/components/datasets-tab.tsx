import { useState } from 'react';
import type { OnboardingStatus } from '../../../../../shared/constants';
import { InstanceGate } from '../../../components/instance-gate';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { useCurrentDataset, useInstances } from '../../../lib/instances';
import { useCurrentUser } from '../../../lib/session';
import { cn } from '../../../utils/cn';
import { CheckEditor } from './check-editor';
import { CreateDatasetForm } from './create-dataset-form';
import { ResetDataButton } from './reset-data-button';
import { ScanPanel } from './scan-panel';

// Settings → Datasets (spec 2 §2.3; issue 4 §7): the instance's datasets with their onboarding
// status, creating one by upload, and per dataset its checks, scans and Reset Data.

const ONBOARDING: Record<OnboardingStatus, { label: string; tone: BadgeTone }> = {
  onboarded: { label: 'Onboarded', tone: 'success' },
  needs_finalization: { label: 'Needs finalization', tone: 'warning' },
  other: { label: 'Other', tone: 'neutral' },
};

export function DatasetsTab() {
  const user = useCurrentUser();
  // The full Settings area (spec 2 §2.3): super admins, org admins, account owners, admin permission.
  const admin = user.is_super_admin || user.is_org_admin || user.role === 'account_owner' || user.permissions.includes('admin');
  if (!admin) return <p className="text-sm text-muted-foreground">Admin access required to manage datasets.</p>;
  return <DatasetsAdmin />;
}

function DatasetsAdmin() {
  const { currentInstance } = useInstances();
  const { datasets } = useCurrentDataset();
  const [selected, setSelected] = useState<string | null>(null);
  const [scans, setScans] = useState<Record<string, string>>({});
  const instanceId = currentInstance?.id;
  const active = datasets.find((d) => d.id === selected) ?? datasets[0] ?? null;

  return (
    <div className="flex flex-col gap-6">
      {instanceId ? <CreateDatasetForm instanceId={instanceId} onCreated={setSelected} /> : null}
      <InstanceGate>
        {({ instance }) => (
          <>
            <Card>
              <CardHeader>
                <CardTitle>Datasets</CardTitle>
                <CardDescription>Datasets of {instance.name}. Select one to edit its checks, scan it or reset it.</CardDescription>
              </CardHeader>
              <CardContent>
                <table className="w-full text-left text-sm">
                  <thead className="text-xs text-muted-foreground">
                    <tr>
                      <th className="py-2 pr-4">Name</th>
                      <th className="pr-4">Id</th>
                      <th className="pr-4">Onboarding</th>
                      <th className="pr-4 text-right">Records</th>
                      <th className="pr-4 text-right">Open issues</th>
                      <th>Last scan</th>
                    </tr>
                  </thead>
                  <tbody>
                    {datasets.map((d) => (
                      <tr key={d.id} className={cn('border-t border-border', active?.id === d.id && 'bg-accent/40')}>
                        <td className="py-2 pr-4">
                          <button type="button" className="font-medium underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring" aria-pressed={active?.id === d.id} onClick={() => setSelected(d.id)}>
                            {d.name}
                          </button>
                        </td>
                        <td className="pr-4 font-mono text-xs">{d.id}</td>
                        <td className="pr-4">
                          <Badge tone={ONBOARDING[d.onboardingStatus].tone}>{ONBOARDING[d.onboardingStatus].label}</Badge>
                        </td>
                        <td className="pr-4 text-right tabular-nums">{d.totalRecords.toLocaleString('en-US')}</td>
                        <td className="pr-4 text-right tabular-nums">{d.openIssues.toLocaleString('en-US')}</td>
                        <td className="text-xs text-muted-foreground">{d.lastScanTime ? new Date(d.lastScanTime).toLocaleString('en-US') : 'Never'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </CardContent>
            </Card>
            {active ? (
              <Card>
                <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
                  <div>
                    <CardTitle>{active.name}</CardTitle>
                    <CardDescription>Record key: {active.recordKey}</CardDescription>
                  </div>
                  <ResetDataButton instanceId={instance.id} datasetId={active.id} />
                </CardHeader>
                <CardContent className="flex flex-col gap-6">
                  <ScanPanel
                    key={`scan-${active.id}`}
                    instanceId={instance.id}
                    datasetId={active.id}
                    scanId={scans[active.id] ?? null}
                    onScanStarted={(scanId) => setScans((all) => ({ ...all, [active.id]: scanId }))}
                  />
                  <CheckEditor key={`checks-${active.id}`} instanceId={instance.id} datasetId={active.id} />
                </CardContent>
              </Card>
            ) : null}
          </>
        )}
      </InstanceGate>
    </div>
  );
}
