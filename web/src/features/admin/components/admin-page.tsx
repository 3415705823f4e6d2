import { FlaskConical, ShieldX, Settings } from 'lucide-react';
import { Link } from 'react-router';
import { showsAdminNavigation } from '../../../../../shared/roles';
import { HealthStatusBadge } from '../../../components/health-status';
import { PageHeader } from '../../../components/page-header';
import { PageTitle } from '../../../components/page-title';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useSystemStatus } from '../../../lib/api/get-system-status';
import { useCurrentUser } from '../../../lib/session';
import { formatUptime } from '../../../utils/format';
import { AdminAiPanel } from './admin-ai-panel';
import { AvatarShowcase } from './avatar-showcase';
import { DemoDeployPanel } from './demo-deploy-panel';
import { PricingCard } from './pricing-card';
import { QaToolsSection } from './qa-tools-section';

function SystemSummary() {
  const status = useSystemStatus();
  return (
    <Card>
      <CardHeader>
        <CardTitle>System status</CardTitle>
        <CardDescription>Live health of the platform services.</CardDescription>
      </CardHeader>
      <CardContent>
        {status.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <Spinner /> Loading system status…
          </p>
        ) : status.isError ? (
          <p role="alert" className="text-sm text-danger">
            Failed to load system status.
          </p>
        ) : (
          <dl className="grid gap-4 sm:grid-cols-4">
            <div>
              <dt className="text-sm text-muted-foreground">Status</dt>
              <dd className="mt-1">
                <HealthStatusBadge status={status.data.summary.status} />
              </dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">Health</dt>
              <dd className="text-xl font-semibold tabular-nums">{status.data.summary.healthPercentage}%</dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">Healthy services</dt>
              <dd className="text-xl font-semibold tabular-nums">
                {status.data.summary.healthyServices} / {status.data.summary.totalServices}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">Uptime</dt>
              <dd className="text-xl font-semibold tabular-nums">{formatUptime(status.data.uptime)}</dd>
            </div>
          </dl>
        )}
      </CardContent>
    </Card>
  );
}

/** The admin dashboard (spec 2 §2.6), for roles admin, super_admin and provider_admin. */
export function AdminPage() {
  const user = useCurrentUser();
  if (!showsAdminNavigation(user.role)) {
    return (
      <>
        <PageTitle title="Admin" />
        <PageHeader title="Admin Dashboard" />
        <EmptyState icon={ShieldX} title="Admin access required">
          The admin dashboard is for administrators.
        </EmptyState>
      </>
    );
  }
  return (
    <>
      <PageTitle title="Admin" />
      <PageHeader
        title="Admin Dashboard"
        description="Platform health and administration."
        actions={
          <div className="flex flex-wrap gap-2">
            <Link to={paths.preflight.getHref()} className={buttonClasses('outline', 'sm')}>
              <FlaskConical className="size-4" aria-hidden />
              Preflight tests
            </Link>
            <Link to={`${paths.app.settings.getHref()}#system`} className={buttonClasses('outline', 'sm')}>
              <Settings className="size-4" aria-hidden />
              System details
            </Link>
          </div>
        }
      />
      <div className="flex flex-col gap-6">
        <AdminAiPanel />
        <PricingCard />
        <DemoDeployPanel />
        <QaToolsSection />
        <SystemSummary />
        <AvatarShowcase />
      </div>
    </>
  );
}
