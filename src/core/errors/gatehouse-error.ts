/** Error kinds of §8 that the email login can meet. */
export type GatehouseErrorType = 'api_error' | 'client_error' | 'captcha_error';

export interface GatehouseErrorInit {
  type: GatehouseErrorType;
  code: string;
  message: string;
  status?: number;
  details?: unknown;
}

/** The error object of §3: code, type, message, status, details. */
export class GatehouseError extends Error {
  readonly type: GatehouseErrorType;
  readonly code: string;
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

export function clientError(code: string, message: string, details?: unknown): GatehouseError {
  return new GatehouseError({ type: 'client_error', code, message, details });
}

/** Any thrown value as a GatehouseError, so screens and events always get a code and a message. */
export function toGatehouseError(error: unknown): GatehouseError {
  if (error instanceof GatehouseError) return error;
  return clientError(
    CLIENT_ERROR_CODES.unknown,
    error instanceof Error ? error.message : String(error),
    error,
  );
}

/** Codes the client itself raises (the API's codes are in protocol/api-errors.ts). */
export const CLIENT_ERROR_CODES = {
  timeout: 'client_request_timeout',
  network: 'client_network_error',
  invalidResponse: 'client_invalid_response',
  invalidInput: 'invalid_data',
  invalidConfig: 'invalid_config',
  notReady: 'not_ready',
  mustBeAuthenticated: 'must_be_authenticated',
  exitedLinkFlow: 'exited_link_flow',
  unknownMethod: 'unknown_method',
  unknown: 'unknown_error',
} as const;
