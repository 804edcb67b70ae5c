/**
 * Embedded wallet rules (§5, §8, §9): chains, transactions, gas, the recovery password, and the
 * EIP-1193 error table. Read by src/core/wallet/ and the wallet screens, which load with the wallet
 * code: in a module of their own, they stay out of the chunks every page loads.
 */
import { texts } from '../text/registry.js';

/** Chain configuration, transaction preparation and chain node errors (§5, §8). */
export const WALLET_MESSAGES = {
  supportedChainsInvalid: 'supportedChains must not be empty and must contain the default chain',
  chainNotSupported: (id: number | string) =>
    `Chain ID ${id} is not supported. It must be added to the config.supportedChains property of the provider.`,
  unsupportedChainId: 'Unsupported chainId',
  noRpcUrl: 'No RPC url found',
  insufficientFunds: 'Wallet has insufficient funds for this transaction.',
  gasLimitNotSet: 'gasLimit was not successfully set',
  maxFeeNotSet: 'maxFeePerGas was not successfully set',
  baseFeeUnavailable: 'Unable to fetch baseFee for last block.',
  gasPriceFailed: (chainFamily: string) => `Failed to set gas price for ${chainFamily} transaction`,
  invalidQuantity: (field: string) => `${field} must be a number, bigint or hex string`,
  chainIdMustBeNumber: 'chainId must be a number',
  maxFeeBelowPriorityFee: 'maxFeePerGas must be greater than the priority fee on this chain',
  invalidAddress: (field: string) => `${field} must be a 0x-prefixed address of 20 bytes`,
  invalidData: 'data must be a 0x-prefixed hex string of whole bytes',
  invalidTransactionType: 'type must be 0, 1 or 2',
  invalidAccessList: 'accessList must be a list of { address, storageKeys }',
  nodeInvalidAnswer: (method: string) => `The chain node gave no valid answer to ${method}.`,
  receiptTimeout: (hash: string) => `No receipt for transaction ${hash} yet; it may still be mined.`,
} as const;

/** Titles of the send-transaction review (§5). */
export const TRANSACTION_TEXT = texts('TRANSACTION_TEXT', {
  sendTitle: (symbol: string) => `Send ${symbol}`,
  reviewTitle: 'Review transaction',
} as const);

/** The recovery password rules, the strength meter and the final checkbox (§5). */
export const PASSWORD_TEXT = texts('PASSWORD_TEXT', {
  tooShort: 'Password must be at least 6 characters',
  invalidCharacters: (characters: string) => `Invalid characters used ( ${characters} )`,
  /** How a space is named in the invalid-characters message (a space itself would not be seen). */
  space: 'space',
  mismatch: 'Passwords do not match',
  acknowledgement: 'I understand that losing my password means losing this wallet',
  strength: { weak: 'Weak', medium: 'Medium', strong: 'Strong' },
} as const);

export interface ProviderErrorText {
  message: string;
  detail?: string;
  retryable: boolean;
}

/** The wallet error codes table of §8 (EIP-1193 and JSON-RPC), and 4902 of §4.5. */
export const PROVIDER_ERROR_TEXT: Readonly<Record<number, ProviderErrorText>> = {
  4001: { message: 'User Rejected Request', detail: 'Please try signing again.', retryable: true },
  4100: { message: 'Unauthorized', retryable: false },
  4200: { message: 'Unsupported Method', retryable: false },
  4900: { message: 'Disconnected', retryable: true },
  4901: { message: 'Chain Disconnected', retryable: true },
  4902: { message: 'Unrecognized chain ID', retryable: false },
  [-32700]: { message: 'Parse error', retryable: false },
  [-32600]: { message: 'Invalid request', retryable: false },
  [-32601]: { message: 'Method not found', retryable: false },
  [-32602]: { message: 'Invalid params', retryable: false },
  [-32603]: { message: 'Internal error', retryable: true },
  [-32000]: { message: 'Invalid input', retryable: false },
  [-32001]: { message: 'Resource not found', retryable: false },
  [-32002]: { message: 'Resource unavailable', retryable: true },
  [-32003]: { message: 'Transaction rejected', retryable: true },
  [-32004]: { message: 'Method not supported', retryable: false },
  [-32005]: { message: 'Limit exceeded', retryable: false },
  [-32006]: { message: 'JSON-RPC version not supported', retryable: false },
};

/** The variants of §8: 4001 for a signature, and -32002 (each not retryable, with the same detail). */
export const PROVIDER_ERROR_VARIANTS = {
  signatureRejected: { message: 'Signature rejected', detail: 'Please try signing again.', retryable: true },
  connectionRequestPending: {
    message: 'Connection request already pending',
    detail: "Don't see your wallet? Check your other browser windows.",
    retryable: false,
  },
  resourceRequestPending: {
    message: 'Resource request already pending',
    detail: "Don't see your wallet? Check your other browser windows.",
    retryable: false,
  },
  walletLocked: {
    message: 'Wallet might be locked',
    detail: "Don't see your wallet? Check your other browser windows.",
    retryable: false,
  },
} as const satisfies Record<string, ProviderErrorText>;
