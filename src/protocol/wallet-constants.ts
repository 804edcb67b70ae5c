/**
 * Embedded wallet rules (§4.6, §5, §8, §9), imported from here by the wallet code. A module of its
 * own so that the bundler keeps them with the wallet's lazy code, not in the every-page chunk.
 */

/** Recovery file name: the app name lowercased (letters and hyphens) then this suffix (§4.6). */
export const RECOVERY_FILE_SUFFIX = '-gatehouse-wallet-recovery.txt';
/** The recovery file's download object URL is revoked after this long (§4.6, §9). */
export const DOWNLOAD_URL_REVOKE_MS = 5000;
/** Auto-close of the recovery password flow when it was started automatically (§4.6, §9). */
export const PASSWORD_FLOW_AUTO_CLOSE_MS = 1400;
/** Symbols a recovery password may hold besides ASCII letters and digits (§5). */
export const PASSWORD_SYMBOLS = '!@#$%^&*()-_+';
/** Strength meter (§5): variety counts a length of at least this many characters. */
export const PASSWORD_VARIETY_MIN_LENGTH = 8;
/** Strength meter (§5): the entropy estimate (bits) is divided by this. */
export const PASSWORD_ENTROPY_DIVISOR = 95;
/** Strength meter (§5): Strong above this score, Medium above the next, else Weak. */
export const PASSWORD_STRONG_ABOVE = 0.9;
export const PASSWORD_MEDIUM_ABOVE = 0.5;

/** EIP-1193 provider and JSON-RPC error codes (§8, and 4902 of §4.5). */
export const PROVIDER_ERROR_CODES = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  disconnected: 4900,
  chainDisconnected: 4901,
  /** The chain is unknown to the wallet: add it, then retry (§4.5). */
  unrecognizedChain: 4902,
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  invalidInput: -32000,
  resourceNotFound: -32001,
  resourceUnavailable: -32002,
  transactionRejected: -32003,
  methodNotSupported: -32004,
  limitExceeded: -32005,
  jsonRpcVersionNotSupported: -32006,
} as const;
export type ProviderErrorCode = (typeof PROVIDER_ERROR_CODES)[keyof typeof PROVIDER_ERROR_CODES];
