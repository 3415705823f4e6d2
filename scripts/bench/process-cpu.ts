import { readdirSync, readFileSync } from 'node:fs';

// Where a benchmark's CPU goes: the CPU time of this process and of every process under it (the
// local stack's API process, DynamoDB Local's JVM, cognito-local), read from Linux's /proc. A
// benchmark takes a snapshot before and after a level and divides the difference by its requests.
// Elsewhere (no /proc) the snapshot is empty and the benchmark prints no breakdown.

export type ProcessRole = 'generator' | 'api' | 'dynamodbLocal' | 'cognitoLocal' | 'other';

export interface ProcStat {
  pid: number;
  ppid: number;
  /** utime + stime, in clock ticks. */
  ticks: number;
}

/** Linux reports /proc CPU times in USER_HZ ticks, 100 per second on every architecture Node runs on. */
const TICKS_PER_SECOND = 100;

/** One /proc/<pid>/stat line; the command (field 2) may hold spaces and parentheses. */
export function parseStat(line: string): ProcStat | undefined {
  const close = line.lastIndexOf(')');
  if (close < 0) return undefined;
  const pid = Number(line.slice(0, line.indexOf(' ')));
  // After ") ": state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime …
  const fields = line.slice(close + 2).split(' ');
  const ppid = Number(fields[1]);
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(pid) && Number.isFinite(ppid) && Number.isFinite(ticks) ? { pid, ppid, ticks } : undefined;
}

/** What a process of the local stack is, from its command line (NUL-separated, as /proc gives it). */
export function roleOf(cmdline: string, pid: number, selfPid: number): ProcessRole {
  if (pid === selfPid) return 'generator';
  if (cmdline.includes('DynamoDBLocal.jar')) return 'dynamodbLocal';
  if (cmdline.includes('app-process')) return 'api';
  if (cmdline.includes('cognito-server')) return 'cognitoLocal';
  return 'other';
}

/** Milliseconds of CPU by role, over `rootPid` and its descendants, from the given stats and command lines. */
export function cpuByRole(stats: readonly ProcStat[], cmdlines: ReadonlyMap<number, string>, rootPid: number): Map<ProcessRole, number> {
  const children = new Map<number, ProcStat[]>();
  for (const s of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s]);
  const byRole = new Map<ProcessRole, number>();
  const root = stats.find((s) => s.pid === rootPid);
  const queue = root ? [root] : [];
  while (queue.length > 0) {
    const s = queue.shift()!;
    const role = roleOf(cmdlines.get(s.pid) ?? '', s.pid, rootPid);
    byRole.set(role, (byRole.get(role) ?? 0) + (s.ticks * 1000) / TICKS_PER_SECOND);
    queue.push(...(children.get(s.pid) ?? []));
  }
  return byRole;
}

/** This process's tree now, by role; empty where /proc cannot be read. */
export function snapshotCpu(): Map<ProcessRole, number> {
  try {
    const stats: ProcStat[] = [];
    const cmdlines = new Map<number, string>();
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = parseStat(readFileSync(`/proc/${entry}/stat`, 'utf8'));
        if (!stat) continue;
        stats.push(stat);
        cmdlines.set(stat.pid, readFileSync(`/proc/${entry}/cmdline`, 'utf8'));
      } catch {
        // The process ended between the listing and the read.
      }
    }
    return cpuByRole(stats, cmdlines, process.pid);
  } catch {
    return new Map();
  }
}

/** CPU milliseconds per request by role between two snapshots (roles that used none are left out). */
export function cpuPerRequest(before: ReadonlyMap<ProcessRole, number>, after: ReadonlyMap<ProcessRole, number>, requests: number): Partial<Record<ProcessRole, number>> {
  const out: Partial<Record<ProcessRole, number>> = {};
  if (requests <= 0) return out;
  for (const [role, ms] of after) {
    const used = ms - (before.get(role) ?? 0);
    if (used > 0) out[role] = Math.round((used / requests) * 100) / 100;
  }
  return out;
}
