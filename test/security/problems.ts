// What every refused request must carry (issue 8 §7): the fields it refuses, named.

/** Every 400 lists the refused fields in `details` and its message names one of them. */
export function unnamedField(body: { success?: unknown; error?: unknown; details?: unknown }): string | undefined {
  if (body.success !== false || typeof body.error !== 'string') return 'not an error body';
  if (!Array.isArray(body.details) || body.details.length === 0) return 'no details';
  const fields = body.details.map((d: { field?: unknown }) => d?.field);
  if (!fields.every((f) => typeof f === 'string' && f.length > 0)) return 'a detail without a field';
  const message = body.error.toLowerCase();
  const named = (fields as string[]).some((f) => message.includes(f.toLowerCase()) || message.includes(f.split('.').pop()!.toLowerCase()));
  return named ? undefined : `message "${body.error}" names none of ${fields.join(', ')}`;
}
