// What one source file may hold (issue 4 §1: at least 100,000 rows and 50 MB). A module of its
// own, free of schemas: the CSV reader in every function that reads sources needs the limits,
// not the dataset schemas (whose zod objects are built at import and weigh ~7 KB per bundle).
export const SOURCE_LIMITS = {
  maxBytes: 50 * 1024 * 1024,
  maxRows: 200_000,
} as const;
