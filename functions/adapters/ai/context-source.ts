import type { SuggestionContextSource } from '../../domain/ai/pipeline/ports';
import type { LearnedFix, SourceRecord } from '../../domain/ai/provider';
import type { IssueRecord } from '../../domain/issues/issue-record';
import type { DatasetRef, IssueStore } from '../../domain/issues/issue-store';
import type { DatasetProfile } from '../../domain/profile/profile';
import type { DatasetMetaStore, DatasetSource } from '../../domain/scans/ports';
import type { DatasetRecord } from '../../domain/tenancy/records';
import { readCsvRows } from '../../domain/sources/csv-source';
import type { SourceStore } from '../../domain/sources/source-store';

// What the worker tells a provider about a dataset: the column profile of its last scan, the
// fixes people made (resolved rows whose value was edited or a suggestion accepted), and the
// source records of the rows. Kept per container for a short while: a worker processes batch
// after batch of the same dataset, and a profile, the fixes or a source file change rarely.

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

const refKey = (ref: DatasetRef) => `${ref.organizationId}/${ref.instanceId}/${ref.datasetId}`;

export interface ContextDeps {
  meta: Pick<DatasetMetaStore, 'getProfile' | 'getSource'>;
  issues: Pick<IssueStore, 'getDataset' | 'listResolved'>;
  sources: Pick<SourceStore, 'open'>;
}

export function contextSource(deps: ContextDeps): SuggestionContextSource {
  const profiles = new Map<string, Timed<DatasetProfile | undefined>>();
  const fixes = new Map<string, Timed<LearnedFix[]>>();
  const files = new Map<string, Timed<Map<string, SourceRecord> | undefined>>();

  const sourcesOf = new Map<string, Timed<[DatasetSource | undefined, DatasetRecord | undefined]>>();

  async function sourceRecords(ref: DatasetRef, wanted?: ReadonlySet<string>): Promise<Map<string, SourceRecord>> {
    const [source, dataset] = await cached(sourcesOf, refKey(ref), () => Promise.all([deps.meta.getSource(ref), deps.issues.getDataset(ref)]));
    if (!source || !dataset) return new Map();
    const read = async (only?: ReadonlySet<string>) => {
      const stream = await deps.sources.open(source.key);
      const out = new Map<string, SourceRecord>();
      if (!stream) return out;
      for await (const row of readCsvRows(stream)) {
        const id = row.record[dataset.recordKey]?.trim();
        if (id === undefined || (only && !only.has(id))) continue;
        out.set(id, Object.fromEntries(Object.entries(row.record).map(([k, v]) => [k, v ?? null])));
        if (only && out.size === only.size) break;
      }
      return out;
    };
    // A source file never changes under its key (a new upload gets a new key): cache it whole.
    if (source.rows <= MAX_CACHED_ROWS) return (await cached(files, source.key, read, 10 * TTL_MS)) ?? new Map();
    return read(wanted);
  }

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
  };
}
