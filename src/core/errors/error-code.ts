import type { ApiErrorCode } from '../../protocol/api-errors.js';
import type { WalletErrorType } from '../../protocol/wallet-frame.js';
import type * as CODES from './codes.js';

/**
 * Every code a GatehouseError carries: the client's own (codes.ts), the provider API's
 * (API_ERRORS), and the wallet frame's error types (§8).
 */
export type ErrorCode = (typeof CODES)[keyof typeof CODES] | ApiErrorCode | WalletErrorType;
