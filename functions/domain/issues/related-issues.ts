import { distance } from 'fastest-levenshtein';
import type { RelatedQuery, RelatedReason, RelatedResponse } from '../../../shared/schemas/related';
import type { IssueSketch, IssueSketchSource } from '../clusters/ports';
import { NotFound } from '../errors';
import { requireDataset } from './dataset';
import { toIssueRow } from './issue-row';
import type { DatasetRef, IssueStore } from './issue-store';
import { ISSUE_NOT_FOUND } from './resolve-issue';

// GET /api/datasets/{id}/issues/{issueId}/related (spec 1 §7 AI, §9; issue 13 item 3): the rows of
// the same dataset most like one row. The candidates are the rows still to work on (open and
// muted), read from the status index with the sketch projection (no full items); the few shown
// are then read whole.
//
// Similarity, in [0, 1], weighs what the two failures share:
//   0.3 same column + 0.2 same check + 0.5 value similarity
// where value similarity is 1 for the same value (ignoring case and spacing) and otherwise
// 1 - Levenshtein distance / longer length (two empty values are the same value). Another failure
// of the same record is related whatever its column: its similarity is at least 0.75
// (0.75 + 0.25 × the score above), so with the default threshold 0.7 a row shows its record's
// other failures, the same check failing on the same or a near-identical value (one typo in a
// short word), but not merely the same check on an unrelated value (0.5 + a little).

const W_COLUMN = 0.3;
const W_CHECK = 0.2;
const W_VALUE = 0.5;
const SAME_RECORD_FLOOR = 0.75;
/** Values are compared on at most this many characters (bounded cost per pair). */
const MAX_COMPARED = 200;

export type RelatedSketch = Pick<IssueSketch, 'issue_id' | 'record_id' | 'issue_column' | 'check_name' | 'current_value'>;

const normalize = (v: string | null): string => (v ?? '').trim().replace(/\s+/g, ' ').toLowerCase().slice(0, MAX_COMPARED);

export interface Similarity {
  similarity: number;
  reasons: RelatedReason[];
}

/** How alike two failed rows are, and why (pure). */
export function similarityOf(target: RelatedSketch, other: RelatedSketch): Similarity {
  const reasons: RelatedReason[] = [];
  const sameRecord = target.record_id !== '' && target.record_id === other.record_id;
  if (sameRecord) reasons.push({ kind: 'same_record', text: `Same record (${other.record_id})` });
  const sameColumn = target.issue_column === other.issue_column;
  if (sameColumn) reasons.push({ kind: 'same_column', text: `Same column (${other.issue_column})` });
  const sameCheck = target.check_name === other.check_name;
  if (sameCheck) reasons.push({ kind: 'same_check', text: `Same check (${other.check_name})` });

  const a = normalize(target.current_value);
  const b = normalize(other.current_value);
  let valueSimilarity: number;
  if (a === b) {
    valueSimilarity = 1;
    reasons.push({ kind: 'same_value', text: a === '' ? 'Both values empty' : 'Same value' });
  } else if (a === '' || b === '') {
    valueSimilarity = 0;
  } else {
    const edits = distance(a, b);
    valueSimilarity = Math.max(0, 1 - edits / Math.max(a.length, b.length));
    if (valueSimilarity >= 0.5) reasons.push({ kind: 'similar_value', text: `Similar value (${edits} ${edits === 1 ? 'edit' : 'edits'} apart)` });
  }
  const base = (sameColumn ? W_COLUMN : 0) + (sameCheck ? W_CHECK : 0) + W_VALUE * valueSimilarity;
  const score = sameRecord ? Math.max(base, SAME_RECORD_FLOOR + (1 - SAME_RECORD_FLOOR) * base) : base;
  return { similarity: Math.round(Math.min(1, score) * 1000) / 1000, reasons };
}

export interface RankedSketch extends Similarity {
  issue_id: string;
}

/** The candidates at or above the threshold, most similar first (ties by issue id), without the target. */
export function rankRelated(target: RelatedSketch, candidates: readonly RelatedSketch[], threshold: number): RankedSketch[] {
  const ranked: RankedSketch[] = [];
  for (const candidate of candidates) {
    if (candidate.issue_id === target.issue_id) continue;
    const s = similarityOf(target, candidate);
    if (s.similarity >= threshold) ranked.push({ issue_id: candidate.issue_id, ...s });
  }
  return ranked.sort((x, y) => y.similarity - x.similarity || x.issue_id.localeCompare(y.issue_id));
}

export async function relatedIssues(store: IssueStore & IssueSketchSource, ref: DatasetRef, issueId: string, query: RelatedQuery, now: Date = new Date()): Promise<RelatedResponse> {
  const [dataset, targets, open, muted] = await Promise.all([
    requireDataset(store, ref),
    store.getIssues(ref, [issueId]),
    store.listSketches(ref, 'open'),
    store.listSketches(ref, 'muted'),
  ]);
  const target = targets.get(issueId);
  if (!target) throw new NotFound(ISSUE_NOT_FOUND);
  const ranked = rankRelated(target, [...open, ...muted], query.similarity_threshold);
  const shown = ranked.slice(0, query.limit);
  const byId = await store.getIssues(
    ref,
    shown.map((r) => r.issue_id),
  );
  return {
    success: true,
    issue_id: issueId,
    limit: query.limit,
    similarity_threshold: query.similarity_threshold,
    matched: ranked.length,
    related: shown.flatMap((r) => {
      const issue = byId.get(r.issue_id);
      // A row deleted between the two reads (a dataset reset) is left out.
      return issue ? [{ similarity: r.similarity, reasons: r.reasons, issue: toIssueRow(issue, dataset, now) }] : [];
    }),
  };
}
