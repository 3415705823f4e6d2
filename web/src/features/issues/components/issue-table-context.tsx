import { createContext, use } from 'react';
import type { MuteDuration } from '../../../../../shared/constants';
import type { IssueRow } from '../../../../../shared/schemas/issues';

// What the cells of the issues table need from the screen: the edit state and the row actions.
// Columns are defined once at module level; their cells read this instead of closing over state.

export interface IssueTableContextValue {
  /** Offset of the page, for the row numbers. */
  offset: number;
  editingId: string | null;
  startEdit: (row: IssueRow) => void;
  cancelEdit: (row: IssueRow) => void;
  /** Saves a trimmed, non-empty value; resolves to whether it was saved. */
  saveEdit: (row: IssueRow, value: string) => Promise<boolean>;
  resolve: (row: IssueRow) => void;
  /** Accept of the row's AI suggestion (the AI cell of features/ai). */
  acceptSuggestion?: (row: IssueRow, suggestion: { suggestedValue: string; confidence: number; reasoning: string }) => void;
  mute: (row: IssueRow, duration: MuteDuration) => void;
  unmute: (row: IssueRow) => void;
  openHistory: (row: IssueRow) => void;
  /** The Related panel of a row (issue 13 item 3). */
  openRelated?: (row: IssueRow) => void;
  /** The row whose mute menu is open (the m key opens it). */
  muteMenuFor: string | null;
  setMuteMenuFor: (issueId: string | null) => void;
  /** Rows with a write in flight. */
  pending: ReadonlySet<string>;
}

export const IssueTableContext = createContext<IssueTableContextValue | null>(null);

export function useIssueTable(): IssueTableContextValue {
  const value = use(IssueTableContext);
  if (!value) throw new Error('useIssueTable must be used inside IssueTableContext');
  return value;
}
