import type { ScanJob } from './ports';

// A scan job whose worker died (a crash, a Lambda timeout, a lost async invoke) would read as
// queued or running forever and block every later scan of its dataset. A running job therefore
// beats a heartbeat (at start, every few thousand rows, at every write batch); one that has not
// for STALE_AFTER_MS is abandoned: it reads as failed, and the next scan may start.

/** Far above the longest gap between heartbeats (loading the issue index of a large dataset). */
export const STALE_AFTER_MS = 5 * 60_000;

export const ABANDONED_MESSAGE = 'The scan stopped without finishing (no progress for 5 minutes). Please run it again.';

const active = (job: ScanJob) => job.status === 'queued' || job.status === 'running';

/** When the job last showed it was alive: its heartbeat, else its start, else its request. */
export function lastSignOfLife(job: ScanJob): number {
  return Date.parse(job.heartbeatAt ?? job.startedAt ?? job.requestedAt);
}

export function isAbandoned(job: ScanJob, now: Date): boolean {
  return active(job) && now.getTime() - lastSignOfLife(job) > STALE_AFTER_MS;
}

/** The job as the API shows it at `now`: an abandoned one reads as failed. */
export function jobAsSeen(job: ScanJob, now: Date): ScanJob {
  if (!isAbandoned(job, now)) return job;
  return { ...job, status: 'failed', error: ABANDONED_MESSAGE, finishedAt: new Date(lastSignOfLife(job) + STALE_AFTER_MS).toISOString() };
}

/** Thrown inside a worker whose job was declared abandoned meanwhile: it stops without writing more. */
export class ScanSuperseded extends Error {
  constructor(readonly scanId: string) {
    super(`Scan ${scanId} was declared abandoned; stopping`);
  }
}
