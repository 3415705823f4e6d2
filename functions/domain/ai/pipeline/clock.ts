/** Time and sortable ids (ULID), injected so tests can fix them. */
export interface Clock {
  now(): Date;
  newId(): string;
}
