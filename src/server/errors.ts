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
