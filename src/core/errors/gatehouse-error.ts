import { PROVIDER_UNREACHABLE_MESSAGE } from '../../protocol/error-messages.js';
import * as CODES from './codes.js';
import type { ErrorCode } from './error-code.js';

/** The error kinds of §8. */
export type GatehouseErrorType =
  | 'api_error'
  | 'client_error'
  | 'connector_error'
  | 'wallet_error'
  | 'provider_error'
  | 'captcha_error';

export interface GatehouseErrorInit {
  type: GatehouseErrorType;
  code: ErrorCode;
  message: string;
  status?: number;
  details?: unknown;
}

/** The error object of §3: code, type, message, status, details. */
export class GatehouseError extends Error {
  readonly type: GatehouseErrorType;
  readonly code: ErrorCode;
  readonly status: number | undefined;
  readonly details: unknown;

  constructor(init: GatehouseErrorInit) {
    super(init.message);
    this.name = 'GatehouseError';
    this.type = init.type;
    this.code = init.code;
    this.status = init.status;
    this.details = init.details;
  }
}

export function clientError(code: ErrorCode, message: string, details?: unknown): GatehouseError {
  return new GatehouseError({ type: 'client_error', code, message, details });
}

/** The provider could not be reached; `details` is what failed (a fetch, an import). */
export const unreachable = (details?: unknown): GatehouseError =>
  clientError(CODES.providerUnreachable, PROVIDER_UNREACHABLE_MESSAGE, details);

/** A dynamic import whose file did not arrive (Chromium's, Firefox's and Safari's wording). */
const IMPORT_FAILED = /imported module|module script/;

/** A file of the widget that could not be fetched as the one clear error; anything else as it is. */
export const orUnreachable = (error: unknown): unknown =>
  error instanceof TypeError && IMPORT_FAILED.test(error.message) ? unreachable(error) : error;

/**
 * Any thrown value as a GatehouseError, so screens and events always get a code and a message. A
 * file of the widget that could not be fetched means the provider is unreachable.
 */
export function toGatehouseError(error: unknown): GatehouseError {
  if (error instanceof GatehouseError) return error;
  const failure = orUnreachable(error);
  if (failure instanceof GatehouseError) return failure;
  return clientError(CODES.unknown, error instanceof Error ? error.message : String(error), error);
}
