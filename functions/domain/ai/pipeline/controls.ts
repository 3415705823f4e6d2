import type { Subscription } from '../../../../shared/constants';
import type { ProcessingStatus } from '../../../../shared/schemas/ai';
import { formatDollars, overage, PLANS } from '../../../../shared/plans';
import type { Clock } from './clock';
import type { CreditLedger, ProcessingStateStore, SuggestionQueue } from './ports';
import { initialLease, type LeasePolicy } from './queue-rules';

// The processing controls (spec 1 §4 AI processing, spec 2 §2.3 AI tab, §2.6): server-side state,
// so Pause in one tab pauses the work itself. Pause parks the user's messages as the worker meets
// them; Resume sends them back to the queue; Stop drops everything queued (the generation moves
// on); Reset Counters starts the figures afresh (the ledger is never erased).

export interface ControlDeps {
  state: ProcessingStateStore;
  ledger: CreditLedger;
  queue: SuggestionQueue;
  clock: Clock;
  dollarsPerCredit: number;
  lease: LeasePolicy;
}

export interface Member {
  orgId: string;
  email: string;
  subscription: Subscription;
}

const monthStart = (now: Date) => `${now.toISOString().slice(0, 7)}-01T00:00:00.000Z`;

export async function processingStatus(deps: ControlDeps, member: Member): Promise<ProcessingStatus> {
  const now = deps.clock.now();
  const state = await deps.state.getState(member.orgId, member.email);
  let queued = 0;
  let activeJobs = 0;
  for (const job of await deps.state.openJobs(member.orgId, member.email)) {
    // A job whose lease ran out has no message left anywhere: its unfinished rows are no longer
    // queued (they may be asked again), so they are not counted as such.
    const lease = job.leaseUntil ?? initialLease(new Date(job.createdAt), deps.lease);
    const done = await deps.state.countOutcomes(member.orgId, job.jobId);
    if (done >= job.total || job.generation < state.generation || Date.parse(lease) <= now.getTime()) {
      await deps.state.finishJob(job);
      continue;
    }
    activeJobs++;
    queued += job.total - done;
  }
  const [credits, rowsThisMonth] = await Promise.all([
    deps.ledger.count(member.orgId, { user: member.email, ...(state.countersResetAt ? { from: state.countersResetAt } : {}) }),
    deps.ledger.count(member.orgId, { from: monthStart(now) }),
  ]);
  const plan = PLANS[member.subscription];
  return {
    // Spec: Active or Idle is the processing switch (Pause/Resume), whether or not rows wait.
    status: state.paused ? 'idle' : 'active',
    isProcessingActive: !state.paused,
    paused: state.paused,
    queued,
    rowsProcessed: credits,
    creditsUsed: credits,
    dollarsUsed: formatDollars(credits, deps.dollarsPerCredit),
    dollarsPerCredit: deps.dollarsPerCredit,
    activeJobs,
    countersResetAt: state.countersResetAt,
    plan: {
      name: plan.name,
      aiSuggestions: plan.aiSuggestions,
      includedRowsPerMonth: Number.isFinite(plan.includedRowsPerMonth) ? plan.includedRowsPerMonth : null,
      rowsThisMonth,
      overageRows: overage(plan, rowsThisMonth).overageRows,
    },
  };
}

export async function pauseProcessing(deps: ControlDeps, member: Member): Promise<ProcessingStatus> {
  await deps.state.setPaused(member.orgId, member.email, true);
  return processingStatus(deps, member);
}

export async function resumeProcessing(deps: ControlDeps, member: Member): Promise<ProcessingStatus> {
  await deps.state.setPaused(member.orgId, member.email, false);
  const parked = await deps.state.takeParked(member.orgId, member.email);
  const state = await deps.state.getState(member.orgId, member.email);
  const live = parked.filter((m) => m.generation >= state.generation);
  if (live.length > 0) {
    // The parked messages go back to the queue: their jobs' leases start afresh with them.
    const until = initialLease(deps.clock.now(), deps.lease);
    await Promise.all([...new Set(live.map((m) => m.jobId))].map((jobId) => deps.state.renewLease(member.orgId, member.email, jobId, until)));
    await deps.queue.send(live);
  }
  return processingStatus(deps, member);
}

export async function stopProcessing(deps: ControlDeps, member: Member): Promise<ProcessingStatus> {
  await deps.state.nextGeneration(member.orgId, member.email);
  await deps.state.takeParked(member.orgId, member.email);
  return processingStatus(deps, member);
}

export async function resetCounters(deps: ControlDeps, member: Member): Promise<ProcessingStatus> {
  await deps.state.resetCounters(member.orgId, member.email, deps.clock.now().toISOString());
  return processingStatus(deps, member);
}
