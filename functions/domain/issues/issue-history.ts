import type { HistoryEvent } from '../../../shared/schemas/issues';

// A change of an issue as recorded (spec: who, when, old and new value). The event is written in
// the same transaction as the change it records.

export type IssueHistoryEvent = HistoryEvent & { dataset_id: string };
