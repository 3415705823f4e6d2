import { ulid } from 'ulid';

/** Time and sortable ids (ULID), injected into use cases so tests can fix them. */
export const systemClock = {
  now: () => new Date(),
  newId: () => ulid(),
};
