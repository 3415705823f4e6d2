// Typed domain errors; the HTTP error middleware turns each into its status code in one place.

export class DomainError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** One problem with one field of a request: every 400 names the fields it refuses (issue 8 §7). */
export interface FieldProblem {
  field: string;
  message: string;
  [more: string]: unknown;
}

export class ValidationFailed extends DomainError {
  constructor(
    message: string,
    override readonly details: FieldProblem[],
  ) {
    super(400, message, details);
  }
}
export class Unauthorized extends DomainError {
  constructor(message = 'Authentication required') {
    super(401, message);
  }
}
export class PaymentRequired extends DomainError {
  constructor(message: string) {
    super(402, message);
  }
}
export class Forbidden extends DomainError {
  constructor(message = 'You do not have permission to do this') {
    super(403, message);
  }
}
export class NotFound extends DomainError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}
export class Conflict extends DomainError {
  constructor(message: string, details?: unknown) {
    super(409, message, details);
  }
}
export class Gone extends DomainError {
  constructor(message: string) {
    super(410, message);
  }
}
export class Locked extends DomainError {
  constructor(message: string) {
    super(423, message);
  }
}
export class TooManyRequests extends DomainError {
  constructor(message: string) {
    super(429, message);
  }
}
