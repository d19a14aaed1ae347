import { Field } from './schema';

/**
 * The error vocabulary of every edge (REST, NATS replies, MCP). Services throw these; each edge maps
 * them to `{ error, message, details? }` with the matching HTTP status.
 */
export const ErrorCode = Object.freeze({
  BadRequest: 'BadRequest',
  Unauthorized: 'Unauthorized',
  Forbidden: 'Forbidden',
  NotFound: 'NotFound',
  Conflict: 'Conflict',
  /** The Idempotency-Key was used with another request (Stripe's semantics). */
  UnprocessableEntity: 'UnprocessableEntity',
  PayloadTooLarge: 'PayloadTooLarge',
  UnsupportedMediaType: 'UnsupportedMediaType',
  TooManyRequests: 'TooManyRequests',
  InternalError: 'InternalError',
  ServiceUnavailable: 'ServiceUnavailable',
});
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const ERROR_STATUS: Readonly<Record<ErrorCode, number>> = Object.freeze({
  BadRequest: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  UnprocessableEntity: 422,
  PayloadTooLarge: 413,
  UnsupportedMediaType: 415,
  TooManyRequests: 429,
  InternalError: 500,
  ServiceUnavailable: 503,
});

export type ErrorDetails = Record<string, unknown>;

/** The interface contract's error body (ApiError). */
export class ApiErrorBody {
  @Field.enum(ErrorCode) error!: ErrorCode;
  @Field.string() message!: string;
  @Field.record({ optional: true, description: 'Present for validation errors: the failing fields and why' }) details?: ErrorDetails;
}

export class AppException extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetails,
  ) {
    super(message);
    this.name = new.target.name;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  toBody(): ApiErrorBody {
    return this.details === undefined
      ? { error: this.code, message: this.message }
      : { error: this.code, message: this.message, details: this.details };
  }

  static fromBody(body: ApiErrorBody): AppException {
    const code = body.error in ERROR_STATUS ? body.error : ErrorCode.InternalError;
    return new AppException(code, body.message, body.details);
  }
}

export class BadRequestError extends AppException {
  constructor(message: string, details?: ErrorDetails) {
    super(ErrorCode.BadRequest, message, details);
  }
}

/**
 * Body fields that name records the caller's organization does not have (another organization's
 * included), all at once: `details[field]` says which ids. Collected by `ReferenceCheck`.
 */
export class UnknownReferenceError extends BadRequestError {
  constructor(problems: Readonly<Record<string, string[]>>) {
    super(`Unknown references: ${Object.keys(problems).sort().join(', ')}`, { ...problems });
  }

  /** One field naming ids that are unknown: `unknown id: …`, `unknown users: …`. */
  static of(field: string, ids: string | readonly string[], noun: ReferenceNoun = 'id'): UnknownReferenceError {
    return new UnknownReferenceError({ [field]: [unknownReferences(noun, [ids].flat())] });
  }
}

/** What an unknown id was meant to name, in the problem's words. */
export type ReferenceNoun = 'id' | 'user';

/** The problem of a field whose `ids` name nothing: `unknown id: a`, `unknown ids: a, b`. */
export function unknownReferences(noun: ReferenceNoun, ids: readonly string[]): string {
  return `unknown ${noun}${ids.length > 1 ? 's' : ''}: ${ids.join(', ')}`;
}

export class UnauthorizedError extends AppException {
  constructor(message = 'A valid API key is required') {
    super(ErrorCode.Unauthorized, message);
  }
}

export class ForbiddenError extends AppException {
  constructor(message: string, details?: ErrorDetails) {
    super(ErrorCode.Forbidden, message, details);
  }
}

export class NotFoundError extends AppException {
  constructor(resource: string, ref: string) {
    super(ErrorCode.NotFound, `${resource} ${ref} was not found`);
  }
}

/** The read's value, or null where it answered 404: for lookups where a miss is an answer, not an error. */
export async function nullWhenNotFound<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof AppException && error.code === ErrorCode.NotFound) return null;
    throw error;
  }
}

export class ConflictError extends AppException {
  constructor(message: string, details?: ErrorDetails) {
    super(ErrorCode.Conflict, message, details);
  }
}

export class ServiceUnavailableError extends AppException {
  constructor(message: string) {
    super(ErrorCode.ServiceUnavailable, message);
  }
}
