// Locally the stack is one process, and a background job runs in it after the answer
// (launch-job.ts). The local server registers which function runs each kind of job when it
// starts (scripts/local/local-jobs.ts), so the bundles deployed to AWS, where a job is an
// asynchronous invoke of its worker, do not carry the jobs' code (a scan's check engine, CSV
// reader and profile builder) into every route that starts one.

export type LocalJobRunner = (event: { kind: string; correlationId?: string }) => Promise<unknown>;

const runners = new Map<string, LocalJobRunner>();

export function registerLocalJob(kind: string, run: LocalJobRunner): void {
  runners.set(kind, run);
}

export function localJob(kind: string): LocalJobRunner | undefined {
  return runners.get(kind);
}
