// A check's priority levels, most urgent first. A module of its own, free of schemas: the
// quick-win ranking in every function that writes issues needs the levels, not the check
// schemas (whose zod objects are built at import and weigh ~4 KB per bundle).
export const PRIORITIES = ['critical', 'high', 'medium', 'low'] as const;
export type Priority = (typeof PRIORITIES)[number];
