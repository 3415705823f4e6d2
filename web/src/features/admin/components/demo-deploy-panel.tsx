import { Factory, HeartPulse, Landmark, Rocket, ShoppingCart, TrendingUp, type LucideIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { DataVolume, DemoTemplate } from '../../../../../shared/schemas/demo';
import { DATA_VOLUMES, DATA_VOLUME_FACTORS } from '../../../../../shared/schemas/demo';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useInstances } from '../../../lib/instances';
import { useDemoConfig, useDemoTemplates, useDeployTemplate } from '../api/demo-data';

// The demo deploy panel (spec 2 §2.6, §4 Demo deploy, §5, §8): a Deploy button per template that
// reads "Deploying" until the deployment's scans are done, the success banner for 5 s, the failure
// message, and "Please select an instance first". The progress comes from the server, so a page
// reload shows a running deployment again.

const ICONS: Record<string, LucideIcon> = { 'trending-up': TrendingUp, 'shopping-cart': ShoppingCart, landmark: Landmark, 'heart-pulse': HeartPulse, factory: Factory };
const SUCCESS_BANNER_MS = 5000;

export function DemoDeployPanel() {
  const { currentInstance, status: instancesStatus } = useInstances();
  const instanceId = currentInstance?.id ?? null;
  const templates = useDemoTemplates();
  const config = useDemoConfig(instanceId);
  const deploy = useDeployTemplate(instanceId);
  const [volume, setVolume] = useState<DataVolume>('medium');
  const [banner, setBanner] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  // The deploy job this panel saw running (started here, or found running after a reload): its end is announced.
  const [watched, setWatched] = useState<string | null>(null);
  const [confirm, confirmDialog] = useConfirm();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const deployment = config.data?.deployment ?? null;
  const deploying = deploy.isPending || deployment?.status === 'deploying';
  // While the instances or the instance's demo state load, a click could only fail or overwrite what it
  // cannot see; with no instance at all it says "Please select an instance first".
  const ready = currentInstance ? !config.isPending : instancesStatus !== 'loading';

  const show = (next: { tone: 'success' | 'error'; text: string }) => {
    clearTimeout(timer.current);
    setBanner(next);
    if (next.tone === 'success') timer.current = setTimeout(() => setBanner(null), SUCCESS_BANNER_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  const nameOf = (templateId: string) => templates.data?.templates.find((t) => t.id === templateId)?.name ?? templateId;

  // A deployment finishes on the server: announce it once its job has written and scanned everything.
  useEffect(() => {
    if (!deployment) return;
    const job = deployment.jobId ?? deployment.startedAt;
    if (deployment.status === 'deploying') {
      if (watched !== job) setWatched(job);
      return;
    }
    if (watched !== job) return;
    const name = nameOf(deployment.templateId);
    if (deployment.status === 'deployed') show({ tone: 'success', text: `Successfully deployed ${name}! Generated ${deployment.recordsGenerated} demo records` });
    else show({ tone: 'error', text: `Failed to deploy ${name}: ${deployment.error ?? 'Unknown error'}` });
    setWatched(null);
  }, [deployment, watched]);

  async function onDeploy(template: DemoTemplate) {
    if (!currentInstance) {
      show({ tone: 'error', text: 'Please select an instance first' });
      return;
    }
    const request = (force: boolean) =>
      deploy.mutateAsync({ config: { templateId: template.id, enabled: true, customization: { companySize: 'medium', dataVolume: volume, ownerEmails: [], companyNames: [] } }, organizationId: currentInstance.organization_id, force });
    setBanner(null);
    try {
      let started;
      try {
        started = await request(false);
      } catch (error) {
        // Data the demo did not create: deploy beside it only when the admin agrees.
        if (!(error instanceof ApiError && error.status === 409 && Array.isArray((error.details as { datasets?: unknown })?.datasets))) throw error;
        const agreed = await confirm({
          title: 'Deploy beside existing data?',
          description: `${error.message}\n\nThe demo datasets go beside it; datasets the demo did not create are never changed.`,
          confirmLabel: 'Deploy beside it',
          tone: 'primary',
        });
        if (!agreed) return;
        started = await request(true);
      }
      setWatched(started.deployment.jobId ?? started.deployment.startedAt);
    } catch (error) {
      show({ tone: 'error', text: `Failed to deploy ${template.name}: ${error instanceof Error && error.message ? error.message : 'Unknown error'}` });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Demo data</CardTitle>
        <CardDescription>
          Deploy an industry template into {currentInstance ? <strong>{currentInstance.name}</strong> : 'the selected instance'}: its records are scanned by the real checks, so the failed rows are real.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div aria-live="polite">
          {banner ? (
            <p role={banner.tone === 'error' ? 'alert' : 'status'} data-testid="demo-banner" className={`rounded-lg px-3 py-2 text-sm ${banner.tone === 'success' ? 'bg-success-soft text-success' : 'bg-danger-soft text-danger'}`}>
              {banner.text}
            </p>
          ) : null}
        </div>
        <label className="flex items-center gap-2 text-sm">
          Data volume
          <select className="h-9 rounded-md border border-input bg-card px-2" value={volume} onChange={(e) => setVolume(e.target.value as DataVolume)} disabled={deploying}>
            {DATA_VOLUMES.map((v) => (
              <option key={v} value={v}>
                {v} ({DATA_VOLUME_FACTORS[v]}× the template)
              </option>
            ))}
          </select>
        </label>
        {deployment && deployment.status === 'deploying' ? (
          <div role="status" className="flex flex-col gap-1 text-sm" data-testid="demo-progress">
            <span className="flex items-center gap-2">
              <Spinner /> Deploying {nameOf(deployment.templateId)} ({deployment.recordsGenerated} records):{' '}
              {deployment.phase === 'writing'
                ? `${deployment.datasetsWritten} of ${deployment.datasetsTotal} datasets generated`
                : `${deployment.datasetsDone} of ${deployment.datasetsTotal} datasets checked, ${deployment.rowsScanned} of ${deployment.recordsGenerated} records scanned`}
            </span>
            <progress className="h-2 w-full" max={2 * deployment.datasetsTotal} value={deployment.datasetsWritten + (deployment.recordsGenerated ? (deployment.rowsScanned / deployment.recordsGenerated) * deployment.datasetsTotal : 0)} aria-label="Deployment progress" />
          </div>
        ) : null}
        {templates.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status"><Spinner /> Loading templates…</p>
        ) : templates.isError ? (
          <p role="alert" className="text-sm text-danger">Failed to load the demo templates.</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {templates.data.templates.map((t) => {
              const Icon = ICONS[t.icon] ?? Rocket;
              const busy = deploying && (deployment?.templateId === t.id || (deploy.isPending && deploy.variables?.config.templateId === t.id));
              const extra = Object.entries(t.datasets).filter(([k]) => k !== 'opportunities' && k !== 'leads');
              return (
                <li key={t.id} className="flex flex-col gap-2 rounded-lg border border-border p-4" data-testid={`demo-template-${t.id}`}>
                  <p className="flex items-center gap-2 font-medium"><Icon className="size-4" aria-hidden /> {t.name}</p>
                  <p className="text-sm text-muted-foreground">{t.description}</p>
                  <p className="text-xs text-muted-foreground">
                    {t.industry} · {t.datasets.opportunities} opportunities · {t.datasets.leads} leads{extra.map(([k, n]) => ` · ${n} ${k.replace('_', ' ')}`).join('')}
                  </p>
                  <Button size="sm" className="mt-auto self-start" onClick={() => void onDeploy(t)} disabled={deploying || !ready}>
                    {busy ? (<><Spinner /> Deploying</>) : 'Deploy'}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
      {confirmDialog}
    </Card>
  );
}
