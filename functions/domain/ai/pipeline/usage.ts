import type { Subscription } from '../../../../shared/constants';
import type { UsageGroup, UsageQuery, UsageRow } from '../../../../shared/schemas/ai';
import { formatDollars, overage, PLANS } from '../../../../shared/plans';
import { Forbidden, NotFound, ValidationFailed } from '../../errors';
import type { Clock } from './clock';
import type { CreditLedger } from './ports';
import type { CreditEntry } from './records';

// GET /api/ai/usage/{id}: credits from the ledger, grouped by day, week, month, user or dataset.
// {id} is the caller's organization (org admins see everyone's usage, members their own) or "me".

const DAY = 86_400_000;
const DEFAULT_DAYS = 30;

export interface UsageDeps {
  ledger: CreditLedger;
  clock: Clock;
  dollarsPerCredit: number;
}

export interface UsageCaller {
  orgId: string;
  email: string;
  subscription: Subscription;
  managesOrganization: boolean;
}

/** Monday of the ISO week of a day (YYYY-MM-DD). */
function weekOf(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  const offset = (d.getUTCDay() + 6) % 7;
  return new Date(d.getTime() - offset * DAY).toISOString().slice(0, 10);
}

function keyOf(entry: CreditEntry, groupBy: UsageGroup): string {
  const day = entry.chargedAt.slice(0, 10);
  switch (groupBy) {
    case 'day':
      return day;
    case 'week':
      return weekOf(day);
    case 'month':
      return day.slice(0, 7);
    case 'user':
      return entry.user;
    case 'dataset':
      return `${entry.instanceId}/${entry.datasetId}`;
  }
}

export function groupUsage(entries: readonly CreditEntry[], groupBy: UsageGroup, dollarsPerCredit: number): UsageRow[] {
  const groups = new Map<string, { credits: number; rows: Set<string> }>();
  for (const e of entries) {
    const key = keyOf(e, groupBy);
    const g = groups.get(key) ?? { credits: 0, rows: new Set<string>() };
    g.credits += e.credits;
    g.rows.add(`${e.instanceId}/${e.datasetId}/${e.issueId}`);
    groups.set(key, g);
  }
  return [...groups]
    .map(([key, g]) => ({ key, credits: g.credits, rows: g.rows.size, dollars: formatDollars(g.credits, dollarsPerCredit) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

export async function usageReport(deps: UsageDeps, caller: UsageCaller, id: string, query: UsageQuery) {
  const self = id === 'me' || id === caller.email;
  if (!self && id !== caller.orgId) throw new NotFound('No usage for this id');
  const scope: 'user' | 'organization' = self || !caller.managesOrganization ? 'user' : 'organization';
  if (!self && !caller.managesOrganization && query.groupBy === 'user') throw new Forbidden('Only organization admins can see usage by user');
  const now = deps.clock.now();
  const endDate = query.endDate ?? now.toISOString().slice(0, 10);
  const startDate = query.startDate ?? new Date(Date.parse(`${endDate}T00:00:00Z`) - (DEFAULT_DAYS - 1) * DAY).toISOString().slice(0, 10);
  if (startDate > endDate) throw new ValidationFailed('startDate must not be after endDate', [{ field: 'query.startDate', message: 'must not be after endDate' }]);
  const from = `${startDate}T00:00:00.000Z`;
  const to = new Date(Date.parse(`${endDate}T00:00:00Z`) + DAY).toISOString();
  const entries = await deps.ledger.list(caller.orgId, { from, to, ...(scope === 'user' ? { user: caller.email } : {}) });
  const totalCredits = entries.reduce((s, e) => s + e.credits, 0);
  const month = `${now.toISOString().slice(0, 7)}-01T00:00:00.000Z`;
  const rowsThisMonth = await deps.ledger.count(caller.orgId, { from: month });
  const plan = PLANS[caller.subscription];
  return {
    organizationId: caller.orgId,
    scope,
    ...(scope === 'user' ? { user: caller.email } : {}),
    startDate,
    endDate,
    groupBy: query.groupBy,
    totalCredits,
    totalRows: new Set(entries.map((e) => `${e.instanceId}/${e.datasetId}/${e.issueId}`)).size,
    totalDollars: formatDollars(totalCredits, deps.dollarsPerCredit),
    dollarsPerCredit: deps.dollarsPerCredit,
    plan: { name: plan.name, includedRowsPerMonth: Number.isFinite(plan.includedRowsPerMonth) ? plan.includedRowsPerMonth : null, rowsThisMonth, ...overage(plan, rowsThisMonth) },
    usage: groupUsage(entries, query.groupBy, deps.dollarsPerCredit),
  };
}
