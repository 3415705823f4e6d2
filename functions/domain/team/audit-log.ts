import type { AuditEntry } from './records';

// Reading the audit log (issue 11 §6): newest first, paged; CSV rows for the export.

export interface AuditLogReader {
  listAudit(orgId: string, limit: number, cursor?: string): Promise<{ entries: AuditEntry[]; next?: string }>;
}

export const AUDIT_CSV_HEADER = ['at', 'actor', 'action', 'target', 'before', 'after'] as const;

export function auditCsvRow(e: AuditEntry): string[] {
  return [e.at, e.actor, e.action, e.target, e.before === null ? '' : JSON.stringify(e.before), e.after === null ? '' : JSON.stringify(e.after)];
}

/** Every entry, newest first, read a page at a time (bounded by `max`). */
export async function readWholeLog(reader: AuditLogReader, orgId: string, max = 50_000): Promise<AuditEntry[]> {
  const out: AuditEntry[] = [];
  let cursor: string | undefined;
  do {
    const page = await reader.listAudit(orgId, 500, cursor);
    out.push(...page.entries);
    cursor = page.next;
  } while (cursor && out.length < max);
  return out.slice(0, max);
}
