/**
 * The error of the EIP-1193 provider and of the chain node calls: a numeric `code` of the §8 table
 * (4001 user rejected, -32602 invalid params, -32603 internal, ...), a message and optional `data`.
 * ethers' BrowserProvider and viem's custom() transport read `code` and `data` from it.
 */
import { PROVIDER_ERROR_CODES } from '../../protocol/wallet-constants.js';
import { PROVIDER_ERROR_TEXT } from '../errors/wallet-messages.js';

export class ProviderRpcError extends Error {
  /** The §8 error kind, beside api_error, client_error, connector_error and wallet_error. */
  readonly type = 'provider_error';
  readonly code: number;
  readonly data?: unknown;

  /** Without a message, the §8 table's message of the code. */
  constructor(code: number, message?: string, data?: unknown) {
    super(message ?? providerErrorMessage(code));
    this.name = 'ProviderRpcError';
    this.code = code;
    if (data !== undefined) this.data = data;
  }

  /** §8: whether trying again may succeed. */
  get retryable(): boolean {
    return PROVIDER_ERROR_TEXT[this.code]?.retryable ?? false;
  }

  toJSON(): { code: number; message: string; data?: unknown } {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data };
  }
}

/** The §8 table's message of a code ('Internal error' for a code it does not list). */
function providerErrorMessage(code: number): string {
  return (PROVIDER_ERROR_TEXT[code] ?? PROVIDER_ERROR_TEXT[PROVIDER_ERROR_CODES.internal])!.message;
}

export function isProviderRpcError(error: unknown): error is ProviderRpcError {
  return error instanceof ProviderRpcError;
}

/** -32602 with a message saying which parameter is wrong (§5). */
export const invalidParams = (message: string, data?: unknown): ProviderRpcError =>
  new ProviderRpcError(PROVIDER_ERROR_CODES.invalidParams, message, data);

/** -32603: what §8 uses for the wallet's own failures (gas, preparation, node answers). */
export const internalError = (message: string, data?: unknown): ProviderRpcError =>
  new ProviderRpcError(PROVIDER_ERROR_CODES.internal, message, data);
