import { describe, expect, it } from 'vitest';
import { cpuByRole, cpuPerRequest, parseStat, snapshotCpu, type ProcStat } from './process-cpu';

// A /proc/<pid>/stat line: pid (comm) state ppid … utime (14th field) stime (15th).
const statLine = (pid: number, comm: string, ppid: number, utime: number, stime: number) =>
  `${pid} (${comm}) S ${ppid} ${pid} ${pid} 0 -1 4194560 100 0 0 0 ${utime} ${stime} 0 0 20 0 12 0 500 0 0`;

describe('parseStat', () => {
  it('reads pid, parent and user + system ticks, whatever the command holds', () => {
    expect(parseStat(statLine(42, 'node', 7, 150, 50))).toEqual({ pid: 42, ppid: 7, ticks: 200 });
    expect(parseStat(statLine(43, 'a (b) c', 42, 3, 4))).toEqual({ pid: 43, ppid: 42, ticks: 7 });
  });

  it('gives nothing for a line that is not a stat line', () => {
    expect(parseStat('garbage')).toBeUndefined();
  });
});

describe('cpuByRole', () => {
  const stats: ProcStat[] = [
    { pid: 10, ppid: 1, ticks: 100 }, // the benchmark itself
    { pid: 11, ppid: 10, ticks: 300 }, // the API process
    { pid: 12, ppid: 10, ticks: 500 }, // the JVM
    { pid: 13, ppid: 10, ticks: 20 }, // cognito-local
    { pid: 14, ppid: 11, ticks: 5 }, // something the API started
    { pid: 99, ppid: 1, ticks: 10_000 }, // not ours
  ];
  const cmdlines = new Map([
    [11, 'node\0--import\0tsx\0scripts/local/app-process.ts'],
    [12, 'java\0-jar\0../../lib/dynamodb_local/DynamoDBLocal.jar\0-inMemory'],
    [13, 'node\0scripts/local/cognito-server.ts'],
    [14, 'sh'],
    [99, 'java\0-jar\0DynamoDBLocal.jar'],
  ]);

  it('sums the tree under the benchmark by role, in milliseconds, and leaves other processes out', () => {
    expect(Object.fromEntries(cpuByRole(stats, cmdlines, 10))).toEqual({ generator: 1000, api: 3000, dynamodbLocal: 5000, cognitoLocal: 200, other: 50 });
  });

  it('is empty when the root is not among the processes', () => {
    expect(cpuByRole(stats, cmdlines, 1234).size).toBe(0);
  });
});

describe('cpuPerRequest', () => {
  it('divides what each role used between the snapshots by the requests', () => {
    const before = new Map([['api', 1000], ['dynamodbLocal', 2000], ['cognitoLocal', 50]] as const);
    const after = new Map([['api', 1600], ['dynamodbLocal', 2900], ['cognitoLocal', 50], ['generator', 100]] as const);
    expect(cpuPerRequest(before, after, 100)).toEqual({ api: 6, dynamodbLocal: 9, generator: 1 });
    expect(cpuPerRequest(before, after, 0)).toEqual({});
  });
});

describe('snapshotCpu', () => {
  it.runIf(process.platform === 'linux')('counts this process as the generator', () => {
    let spin = 0;
    const until = Date.now() + 50;
    while (Date.now() < until) spin++;
    expect(spin).toBeGreaterThan(0);
    expect(snapshotCpu().get('generator')).toBeGreaterThan(0);
  });
});
