// Sort fields of GET /api/{dataset}/failed_rows (spec 1 §7). No zod here: the Issues screen's first
// download imports them, and validation schemas load beside the first request (web/src/lib/api-client.ts).
export const INDEXED_SORT_FIELDS = ['scan_time', 'owner', 'issue_type', 'status'] as const;
export const IN_MEMORY_SORT_FIELDS = ['record_id', 'name', 'issue_column', 'current_value', 'check_name'] as const;
export const SORT_FIELDS = [...INDEXED_SORT_FIELDS, ...IN_MEMORY_SORT_FIELDS] as const;
