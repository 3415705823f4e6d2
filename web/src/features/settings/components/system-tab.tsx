import { Activity, Cpu, Server, Stethoscope } from 'lucide-react';
import type { ReactNode } from 'react';
import { HealthStatusBadge, healthLook } from '../../../components/health-status';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useSystemStatus } from '../../../lib/api/get-system-status';
import type { SystemStatus } from '../../../../../shared/schemas/system';
import { formatDateTime, formatMegabytes, formatUptime } from '../../../utils/format';
import { AuditLogSection } from '../audit/audit-log-panel';
import { useHealthCheck } from '../system/security-api';
import { SecurityPanel } from '../system/security-panel';
import { IpAllowlistPanel } from '../system/ip-allowlist-panel';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

function Summary({ status }: { status: SystemStatus }) {
  const { summary } = status;
  const barTone = { success: 'bg-success', warning: 'bg-warning', caution: 'bg-caution', danger: 'bg-danger', neutral: 'bg-muted-foreground', primary: 'bg-primary' }[
    healthLook(summary.status).tone
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Activity className="size-4 text-primary" aria-hidden />
          System Status
        </CardTitle>
        <CardDescription>
          {summary.healthyServices} of {summary.totalServices} services healthy.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <div className="flex flex-wrap items-center gap-3">
          <HealthStatusBadge status={summary.status} />
          <span className="text-2xl font-semibold tabular-nums">{summary.healthPercentage}%</span>
          <span className="text-sm text-muted-foreground">health</span>
        </div>
        <div
          className="h-2 overflow-hidden rounded-full bg-muted"
          role="progressbar"
          aria-label="System health"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={summary.healthPercentage}
        >
          <div className={`h-full rounded-full ${barTone}`} style={{ width: `${Math.min(100, Math.max(0, summary.healthPercentage))}%` }} />
        </div>
        <dl className="grid gap-4 sm:grid-cols-3">
          <Item label="Uptime">{formatUptime(status.uptime)}</Item>
          <Item label="Version">{status.version}</Item>
          <Item label="Environment">{status.environment}</Item>
        </dl>
      </CardContent>
    </Card>
  );
}

function ServiceList({ services }: { services: SystemStatus['services'] }) {
  const entries = Object.entries(services);
  return (
    <>
      {entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">No services reported.</p>
      ) : (
        <ul className="divide-y">
          {entries.map(([name, service]) => (
            <li key={name} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div className="min-w-0">
                <p className="font-medium">{name}</p>
                <p className="text-xs text-muted-foreground">
                  Last check {formatDateTime(service.lastCheck)}
                  {service.responseTimeMs !== undefined ? ` · ${service.responseTimeMs} ms` : ''}
                  {service.message ? ` · ${service.message}` : ''}
                </p>
                {service.queue ? (
                  <p className="text-xs text-muted-foreground" data-testid={`queue-figures-${name}`}>
                    {service.queue.depth.toLocaleString('en-US')} waiting · {service.queue.inFlight.toLocaleString('en-US')} in flight · oldest{' '}
                    {service.queue.oldestAgeSeconds === null ? '—' : `${service.queue.oldestAgeSeconds.toLocaleString('en-US')} s`} · {service.queue.deadLetters.toLocaleString('en-US')} dead letters
                  </p>
                ) : null}
              </div>
              <HealthStatusBadge status={service.status} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function Services({ services }: { services: SystemStatus['services'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Server className="size-4 text-primary" aria-hidden />
          Services
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ServiceList services={services} />
      </CardContent>
    </Card>
  );
}

function Performance({ performance }: { performance: SystemStatus['performance'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Cpu className="size-4 text-primary" aria-hidden />
          Performance
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-3">
          <Item label="Response time">{performance.responseTime} ms</Item>
          <Item label="Memory">
            {formatMegabytes(performance.memory.used)} / {formatMegabytes(performance.memory.total)}
          </Item>
          <Item label="Platform">{performance.platform}</Item>
          <Item label="Architecture">{performance.arch}</Item>
          <Item label="Node">{performance.nodeVersion}</Item>
        </dl>
      </CardContent>
    </Card>
  );
}

/**
 * Health Check: runs the deeper probes once (DescribeTable with its indexes, the user pool, the
 * queue, the keys from KMS or the key file, the agent called live) and shows what they found.
 */
function HealthCheck() {
  const check = useHealthCheck();
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <Stethoscope className="size-4 text-primary" aria-hidden />
            Health Check
          </CardTitle>
          <CardDescription>Checks the table and its indexes, the user pool, the AI queue, the encryption keys and your agent link now.</CardDescription>
        </div>
        <Button variant="outline" onClick={() => check.mutate()} disabled={check.isPending}>
          {check.isPending ? <Spinner /> : <Stethoscope className="size-4" aria-hidden />}
          {check.isPending ? 'Checking…' : 'Health Check'}
        </Button>
      </CardHeader>
      {check.isError ? (
        <CardContent>
          <p role="alert" className="text-sm text-danger">
            Health check failed: {check.error.message}
          </p>
        </CardContent>
      ) : null}
      {check.data ? (
        <CardContent className="flex flex-col gap-3" data-testid="health-check-results">
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <HealthStatusBadge status={check.data.summary.status} />
            <span>
              {check.data.summary.healthyServices} of {check.data.summary.totalServices} checks healthy · took {check.data.performance.responseTime} ms
            </span>
          </div>
          <ServiceList services={check.data.services} />
        </CardContent>
      ) : null}
    </Card>
  );
}

/** Settings › System & Security: GET /api/system/status (spec 2 §2.3 System). */
export function SystemTab() {
  const status = useSystemStatus();
  if (status.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <Spinner /> Loading system status…
      </p>
    );
  }
  if (status.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        Failed to load system status.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <Summary status={status.data} />
      <Services services={status.data.services} />
      <HealthCheck />
      <Performance performance={status.data.performance} />
      <SecurityPanel />
      <IpAllowlistPanel />
      <AuditLogSection />
    </div>
  );
}
