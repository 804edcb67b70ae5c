import { API_ERRORS, type ApiErrorCode } from '../protocol/api-errors.js';

/** An error answered to the caller as `{code, message}` with the code's HTTP status. */
export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly status: number;

  constructor(code: ApiErrorCode, message: string = API_ERRORS[code].message) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = API_ERRORS[code].status;
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
