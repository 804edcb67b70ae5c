import { API_ERRORS, type ApiErrorCode } from '../protocol/api-errors.js';

/** An error answered to the caller as `{code, message}` with the code's HTTP status. */
export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly status: number;
  /** Fields the answer carries beside `code` and `message` (a step-up's `ticket`). */
  readonly fields: Readonly<Record<string, unknown>>;

  constructor(
    code: ApiErrorCode,
    message: string = API_ERRORS[code].message,
    fields: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = API_ERRORS[code].status;
    this.fields = fields;
  }
}

/**
 * An API error that says when to try again: answered with `Retry-After` in whole seconds (at least
 * 1), the time until the window or lock that refused the request ends.
 */
export class RetryLaterError extends ApiError {
  readonly retryAfterSeconds: number;

  constructor(
    code: ApiErrorCode,
    retryAfterMs: number,
    /** The quota that was spent, answered as the IETF RateLimit-Policy and RateLimit fields. */
    readonly quota?: { policy: string; max: number; windowSeconds: number },
  ) {
    super(code);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  }
}

/**
 * A mistake of the operator (bad environment, bad CLI argument, unknown app): printed as one
 * line without a stack trace. `exitCode` 2 marks usage errors.
 */
export class UserError extends Error {
  readonly exitCode: number;

  constructor(message: string, exitCode = 1) {
    super(message);
    this.name = 'UserError';
    this.exitCode = exitCode;
  }
}
