import type { Check, OwnerRule } from '../../../shared/schemas/checks';

// Who owns a failed row (issue 4 §3): the check's own owner when it names one, else the dataset's
// owner rule — a fixed person, or an e-mail read from a column of the record.

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function ownerFor(rule: OwnerRule, check: Pick<Check, 'owner'> | undefined, record: Readonly<Record<string, string | undefined>>): string {
  if (check?.owner) return check.owner.toLowerCase();
  if (rule.kind === 'fixed') return rule.owner.toLowerCase();
  const value = record[rule.column]?.trim();
  return value && EMAIL.test(value) ? value.toLowerCase() : rule.fallback.toLowerCase();
}

/** The record's display name (the issue row's "name"): a name-like column, else its key. */
export function recordName(record: Readonly<Record<string, string | undefined>>, recordId: string): string {
  for (const column of ['name', 'full_name', 'title', 'company', 'account_name']) {
    const value = record[column]?.trim();
    if (value) return value.length > 200 ? `${value.slice(0, 199)}…` : value;
  }
  return recordId;
}
