import type { SuggestionContextSource } from '../../domain/ai/pipeline/ports';
import type { LearnedFix, Neighbours, SourceRecord } from '../../domain/ai/provider';
import type { IssueRecord } from '../../domain/issues/issue-record';
import type { DatasetRef, IssueStore } from '../../domain/issues/issue-store';
import type { DatasetProfile } from '../../domain/profile/profile';
import type { DatasetMetaStore, DatasetSource } from '../../domain/scans/ports';
import type { DatasetRecord } from '../../domain/tenancy/records';
import { readCsvRows } from '../../domain/sources/csv-source';
import type { SourceStore } from '../../domain/sources/source-store';

// What the worker tells a provider about a dataset: the column profile of its last scan, the
// fixes people made (resolved rows whose value was edited or a suggestion accepted), and the
// source records of the rows and of the rows either side of them in the file. Kept per container
// for a short while: a worker processes batch after batch of the same dataset, and a profile, the
// fixes or a source file change rarely.

const TTL_MS = 30_000;
/** The newest fixes learned from (older ones rarely add anything and cost time). */
const MAX_FIXES = 500;
/** Source files up to this many rows are kept whole in memory; larger ones are read per batch. */
const MAX_CACHED_ROWS = 200_000;

interface Timed<T> {
  at: number;
  value: Promise<T>;
}

function cached<T>(cache: Map<string, Timed<T>>, key: string, load: () => Promise<T>, ttl = TTL_MS): Promise<T> {
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < ttl) return hit.value;
  const value = load();
  cache.set(key, { at: Date.now(), value });
  value.catch(() => cache.delete(key));
  return value;
}

/** A dataset's key in the in-container caches. */
export const refKey = (ref: DatasetRef) => `${ref.organizationId}/${ref.instanceId}/${ref.datasetId}`;

interface SourceTable {
  byId: Map<string, SourceRecord>;
  /** The records just before and after each record, by record id. */
  around: Map<string, Neighbours>;
}

export interface ContextDeps {
  meta: Pick<DatasetMetaStore, 'getProfile' | 'getSource'>;
  issues: Pick<IssueStore, 'getDataset' | 'listResolved'>;
  sources: Pick<SourceStore, 'open'>;
}

export function contextSource(deps: ContextDeps): SuggestionContextSource {
  const profiles = new Map<string, Timed<DatasetProfile | undefined>>();
  const fixes = new Map<string, Timed<LearnedFix[]>>();
  const files = new Map<string, Timed<SourceTable>>();

  const sourcesOf = new Map<string, Timed<[DatasetSource | undefined, DatasetRecord | undefined]>>();
  let lastBatch: { key: string; table: Promise<SourceTable> } | undefined;

  /**
   * The records of a dataset's source file by record id, with the records either side of each: the
   * whole file (cached) when it is small, else only the wanted rows and their neighbours.
   */
  async function sourceTable(ref: DatasetRef, wanted?: ReadonlySet<string>): Promise<SourceTable> {
    const [source, dataset] = await cached(sourcesOf, refKey(ref), () => Promise.all([deps.meta.getSource(ref), deps.issues.getDataset(ref)]));
    if (!source || !dataset) return { byId: new Map(), around: new Map() };
    const read = async (only?: ReadonlySet<string>): Promise<SourceTable> => {
      const stream = await deps.sources.open(source.key);
      const byId = new Map<string, SourceRecord>();
      const around = new Map<string, Neighbours>();
      if (!stream) return { byId, around };
      // A row is converted once, and only where it is kept or stands beside a kept one.
      type Read = { raw: Record<string, string | null | undefined>; record?: SourceRecord };
      const recordOf = (r: Read): SourceRecord => (r.record ??= Object.fromEntries(Object.entries(r.raw).map(([k, v]) => [k, v ?? null])));
      // The two rows before this one, and the kept rows still waiting for the rows after them.
      let previous: Read | undefined;
      let previousButOne: Read | undefined;
      let waiting: Neighbours | undefined;
      let waitingButOne: Neighbours | undefined;
      for await (const row of readCsvRows(stream)) {
        const here: Read = { raw: row.record };
        if (waitingButOne) waitingButOne.nextButOne = recordOf(here);
        if (waiting) waiting.next = recordOf(here);
        waitingButOne = waiting;
        waiting = undefined;
        // Every wanted row found, and the second row after the last one read.
        if (only && byId.size === only.size && !waitingButOne) break;
        const id = row.record[dataset.recordKey]?.trim();
        if (id !== undefined && (!only || only.has(id))) {
          byId.set(id, recordOf(here));
          waiting = { ...(previous ? { previous: recordOf(previous) } : {}), ...(previousButOne ? { previousButOne: recordOf(previousButOne) } : {}) };
          around.set(id, waiting);
        }
        previousButOne = previous;
        previous = here;
      }
      return { byId, around };
    };
    // A source file never changes under its key (a new upload gets a new key): cache it whole.
    if (source.rows <= MAX_CACHED_ROWS) return cached(files, source.key, read, 10 * TTL_MS);
    // A larger one is read for the wanted rows; a batch asks for its rows and their neighbours at
    // once, and both come from the one read.
    const key = `${source.key}|${[...(wanted ?? [])].sort().join(',')}`;
    if (lastBatch?.key !== key) {
      const batch = { key, table: read(wanted) };
      batch.table.catch(() => lastBatch === batch && (lastBatch = undefined));
      lastBatch = batch;
    }
    return lastBatch.table;
  }

  const sourceRecords = async (ref: DatasetRef, wanted?: ReadonlySet<string>) => (await sourceTable(ref, wanted)).byId;

  return {
    profile: (ref) => cached(profiles, refKey(ref), () => deps.meta.getProfile(ref)),

    // Reading every resolved row is the costly part: refreshed every two minutes.
    fixes: (ref) =>
      cached(fixes, refKey(ref), async () => {
        const resolved = (await deps.issues.listResolved(ref))
          .filter((i: IssueRecord) => (i.resolution_method === 'manual_edit' || i.resolution_method === 'accept_suggestion') && i.original_value !== i.current_value)
          .sort((a, b) => ((a.resolved_at ?? '') < (b.resolved_at ?? '') ? 1 : -1))
          .slice(0, MAX_FIXES);
        const records = resolved.length ? await sourceRecords(ref, new Set(resolved.map((i) => i.record_id))) : new Map<string, SourceRecord>();
        return resolved.map((i) => {
          const row = records.get(i.record_id);
          return {
            column: i.issue_column,
            oldValue: i.original_value ?? null,
            newValue: i.current_value ?? '',
            fixedBy: i.resolved_by ?? 'someone',
            // The row as it was when it failed: the fixed cell holds its old value.
            ...(row ? { row: { ...row, [i.issue_column]: i.original_value ?? null } } : {}),
          };
        });
      }, 4 * TTL_MS),

    async rows(ref, recordIds) {
      const all = await sourceRecords(ref, new Set(recordIds));
      const out = new Map<string, SourceRecord>();
      for (const id of recordIds) {
        const row = all.get(id);
        if (row) out.set(id, row);
      }
      return out;
    },

    async neighbours(ref, recordIds) {
      const { around } = await sourceTable(ref, new Set(recordIds));
      const out = new Map<string, Neighbours>();
      for (const id of recordIds) {
        const near = around.get(id);
        if (near && (near.previous || near.next)) out.set(id, near);
      }
      return out;
    },
  };
}
