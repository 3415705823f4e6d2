import { Readable } from 'node:stream';
import type { OnboardingStatus } from '../../shared/constants';
import { counterDeltas, type CounterCell } from '../domain/issues/counters';
import type { IssueRecord } from '../domain/issues/issue-record';
import type { DatasetRef } from '../domain/issues/issue-store';
import type { DatasetProfile } from '../domain/profile/profile';
import { MAX_INSERTS_PER_WRITE, type DatasetConfigRecord, type DatasetMetaStore, type DatasetSource, type ScanJob, type ScanResultsStore } from '../domain/scans/ports';
import type { IndexedIssue, IssueMove } from '../domain/scans/reconcile';
import type { SourceStore, UploadTarget } from '../domain/sources/source-store';
import type { MemoryIssueStore } from './memory-issue-store';

// In-memory adapters of the data-in ports for unit tests. The scan results act on a
// MemoryIssueStore, so the issue use cases and the scan see the same issues and counters.

const key = (ref: DatasetRef) => `${ref.organizationId}/${ref.instanceId}/${ref.datasetId}`;

export class MemoryDatasetMeta implements DatasetMetaStore {
  sources = new Map<string, DatasetSource>();
  configs = new Map<string, DatasetConfigRecord>();
  profiles = new Map<string, DatasetProfile>();
  scans = new Map<string, ScanJob[]>();
  /** Every saved state of each job, to assert progress was visible. */
  scanHistory: ScanJob[] = [];
  scanned = new Map<string, { lastScanTime: string; totalRecords: number; onboarded: boolean }>();

  async getSource(ref: DatasetRef) {
    return this.sources.get(key(ref));
  }
  async putSource(ref: DatasetRef, source: DatasetSource) {
    this.sources.set(key(ref), source);
  }
  async getConfig(ref: DatasetRef) {
    return structuredClone(this.configs.get(key(ref)));
  }
  async putConfig(ref: DatasetRef, record: DatasetConfigRecord) {
    this.configs.set(key(ref), structuredClone(record));
  }
  async putProfile(ref: DatasetRef, profile: DatasetProfile) {
    this.profiles.set(key(ref), profile);
  }
  async getProfile(ref: DatasetRef) {
    return this.profiles.get(key(ref));
  }
  async putScan(ref: DatasetRef, job: ScanJob) {
    const list = (this.scans.get(key(ref)) ?? []).filter((j) => j.scanId !== job.scanId);
    list.push(structuredClone(job));
    this.scans.set(key(ref), list);
    this.scanHistory.push(structuredClone(job));
  }
  async getScan(ref: DatasetRef, scanId: string) {
    return structuredClone(this.scans.get(key(ref))?.find((j) => j.scanId === scanId));
  }
  async listScans(ref: DatasetRef, limit: number) {
    return [...(this.scans.get(key(ref)) ?? [])].sort((a, b) => (a.scanTime < b.scanTime ? 1 : -1)).slice(0, limit);
  }
  async markScanned(ref: DatasetRef, update: { lastScanTime: string; totalRecords: number; onboarded: boolean }) {
    this.scanned.set(key(ref), update);
  }
  onboarding = new Map<string, OnboardingStatus>();
  async setOnboardingStatus(ref: DatasetRef, status: OnboardingStatus) {
    this.onboarding.set(key(ref), status);
  }
}

export class MemoryScanResults implements ScanResultsStore {
  /** How many insert writes were made (each one atomic). */
  insertCalls = 0;

  constructor(private readonly store: MemoryIssueStore) {}

  async loadIndex(_ref: DatasetRef) {
    const index = new Map<string, IndexedIssue>();
    for (const i of this.store.issues.values()) {
      index.set(i.issue_id, {
        issue_id: i.issue_id,
        status: i.status,
        scan_time: i.scan_time,
        check_name: i.check_name,
        issue_type: i.issue_type,
        owner: i.owner,
        version: i.version,
        current_value: i.current_value,
      });
    }
    return index;
  }

  private addCells(cells: readonly CounterCell[]) {
    for (const delta of cells) {
      const cell = this.store.counters.find(
        (c) => c.scanTime === delta.scanTime && c.status === delta.status && c.issueType === delta.issueType && c.owner === delta.owner,
      );
      if (cell) cell.count += delta.count;
      else this.store.counters.push({ ...delta });
    }
  }

  async insertIssues(_ref: DatasetRef, _scanTime: string, issues: readonly IssueRecord[], cells: readonly CounterCell[]) {
    // As the table's transactions: one call is one atomic write of a bounded size.
    if (issues.length > MAX_INSERTS_PER_WRITE) throw new Error(`at most ${MAX_INSERTS_PER_WRITE} issues per insert, not ${issues.length}`);
    this.insertCalls += 1;
    for (const issue of issues) {
      if (this.store.issues.has(issue.issue_id)) throw new Error(`insert of an existing issue ${issue.issue_id}`);
      this.store.issues.set(issue.issue_id, structuredClone(issue));
    }
    this.addCells(cells);
  }

  async clearIssues(_ref: DatasetRef) {
    const n = this.store.issues.size;
    this.store.issues.clear();
    this.store.events = [];
    this.store.counters = [];
    return n;
  }

  async moveIssues(_ref: DatasetRef, scanTime: string, moves: readonly IssueMove[]) {
    const moved: IssueMove[] = [];
    const stale: string[] = [];
    const changes: Array<{ before: IssueRecord; after: IssueRecord }> = [];
    for (const move of moves) {
      const current = this.store.issues.get(move.before.issue_id);
      if (!current || current.version !== move.before.version) {
        stale.push(move.before.issue_id);
        continue;
      }
      const after = { ...current, scan_time: scanTime, current_value: move.value, version: current.version + 1 };
      this.store.issues.set(after.issue_id, after);
      changes.push({ before: current, after });
      moved.push(move);
    }
    this.addCells(counterDeltas(changes));
    return { moved, stale };
  }
}

/** Source files held in memory. */
export class MemorySourceStore implements SourceStore {
  files = new Map<string, Buffer>();
  async put(k: string, body: Readable | Buffer | string) {
    const chunks: Buffer[] = [];
    if (typeof body === 'string' || Buffer.isBuffer(body)) chunks.push(Buffer.from(body));
    else for await (const c of body) chunks.push(Buffer.from(c as Buffer));
    const data = Buffer.concat(chunks);
    this.files.set(k, data);
    return { bytes: data.length };
  }
  async open(k: string) {
    const data = this.files.get(k);
    return data ? Readable.from([data]) : undefined;
  }
  async exists(k: string) {
    return this.files.has(k);
  }
  async delete(k: string) {
    this.files.delete(k);
  }
  async uploadTarget(k: string, options: { bytes: number; contentType: string }): Promise<UploadTarget> {
    return { url: `memory://${k}?bytes=${options.bytes}`, method: 'PUT', headers: { 'content-type': options.contentType }, expiresAt: new Date(0).toISOString() };
  }
}
