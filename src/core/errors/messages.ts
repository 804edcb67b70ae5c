/**
 * The catalogue: every text a user or a host developer reads, written once (§2.3, §5, §8).
 * Screens and core import these; nothing else spells them. The texts are grouped in modules by
 * where they are read, so each goes into the chunk that shows it (a screen behind a lazy import
 * takes its texts along); this module re-exports them all.
 */
import {
  EMAIL_REQUIRED_FOR_UPDATE_MESSAGE,
  MAIL_DELIVERY_FAILED_MESSAGE,
} from '../../protocol/api-errors.js';
import { INVALID_APP_ID_MESSAGE } from '../../protocol/loader.js';

export { ALLOWLIST_TEXT } from './allowlist-text.js';
export { CAPTCHA_MESSAGES } from './captcha-text.js';
export { CONSENT_TEXT } from './consent-text.js';
export { LOGIN_CONFIG_MESSAGES } from './login-config-messages.js';
export { OAUTH_MESSAGES } from './oauth-messages.js';
export { ERROR_SCREEN_TEXT, OAUTH_PROVIDER_NAMES, UI_TEXT } from './ui-text.js';
export { WALLET_TEXT } from './wallet-text.js';
export { INVALID_APP_ID_MESSAGE };

/** Error and warning messages (§5, §8). */
export const MESSAGES = {
  requestTimedOut: 'Request timed out',
  invalidEmail: 'Please enter a valid email address.',
  emailRequired: 'Email is required to send a code.',
  phoneRequired: 'Phone number is required to send a code.',
  invalidPhone: 'Please enter a valid phone number.',
  emailRequiredForUpdate: EMAIL_REQUIRED_FOR_UPDATE_MESSAGE,
  exitedLinkFlow: 'The modal was closed before the account was linked.',
  mustEnableOneLoginMethod: 'You must enable at least one login method',
  codeShouldBeNumeric: 'Code should be numeric',
  passcodeOnlyNumbers: 'Passcode can only be numbers',
  passcodeExactLength: 'Passcode must be exactly 6 numbers',
  invalidOrExpiredCode: 'Invalid or expired verification code',
  issueVerifyingCode: 'Issue verifying code',
  tooManyRequests: 'Too many requests. Please wait before trying again.',
  mailDeliveryFailed: MAIL_DELIVERY_FAILED_MESSAGE,
  noAuthFlow: 'No auth flow in progress.',
  alreadyLoggedIn: 'Attempted to log in, but the user is already logged in.',
  unexpectedResponse: 'Gatehouse answered with an unexpected response.',
  unknownLinkedAccount: (type: string) => `Ignoring a linked account of unknown type "${type}".`,
  unreachable: (apiUrl: string) => `Gatehouse could not be reached at ${apiUrl}.`,
  requestFailed: (status: number) => `Gatehouse answered with status ${status}.`,
  appConfigFailed: (appId: string, reason: string) =>
    `Gatehouse could not load the configuration of app ${appId}: ${reason}`,
  unknownMethod: (method: string) => `LoginWidget has no method "${method}".`,
  invalidConfig: (field: string, value: unknown) =>
    `Invalid Gatehouse configuration: ${field} = ${JSON.stringify(value)}.`,
  oauthUnknownProvider: (provider: string) => `Unknown OAuth provider "${provider}".`,
  linkedToAnotherUser: 'This account has already been linked to another user.',
} as const;

/** Session fork, custom auth and the other session-level messages (§4.1, §8). */
export const SESSION_MESSAGES = {
  mustBeAuthenticated: 'User must be authenticated',
  customAuthFailed: (reason: string) =>
    `Gatehouse could not log in with the host's custom auth token: ${reason}`,
  customAuthTokenFailed: (reason: string) => `getCustomAccessToken() failed: ${reason}`,
  customAuthInvalid:
    'customAuth.getCustomAccessToken must be a function returning a promise of a token (or null).',
} as const;

// ---------------------------------------------------------------------------------------------
// Embedded wallet rules (§5, §8, §9): chains, transactions, gas, the recovery password, and the
// EIP-1193 error table. Appended by the wallet rules (src/core/wallet/); keep this section whole.
// ---------------------------------------------------------------------------------------------

/** Chain configuration, transaction preparation and chain node errors (§5, §8). */
export const WALLET_MESSAGES = {
  supportedChainsInvalid: 'supportedChains must not be empty and must contain the default chain',
  chainNotSupported: (id: number | string) =>
    `Chain ID ${id} is not supported. It must be added to the config.supportedChains property of the provider.`,
  unsupportedChainId: 'Unsupported chainId',
  unsupportedChain: 'Unsupported chain',
  noRpcUrl: 'No RPC url found',
  preparingFailed: 'There was an error preparing your transaction. Please try again.',
  insufficientFunds: 'Wallet has insufficient funds for this transaction.',
  processingFailed: 'There was an error processing your transaction. Please contact support.',
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
export const TRANSACTION_TEXT = {
  sendTitle: (symbol: string) => `Send ${symbol}`,
  reviewTitle: 'Review transaction',
} as const;

/** The recovery password rules, the strength meter and the final checkbox (§5). */
export const PASSWORD_TEXT = {
  tooShort: 'Password must be at least 6 characters',
  invalidCharacters: (characters: string) => `Invalid characters used ( ${characters} )`,
  /** How a space is named in the invalid-characters message (a space itself would not be seen). */
  space: 'space',
  mismatch: 'Passwords do not match',
  acknowledgement: 'I understand losing my password means losing my account.',
  strength: { weak: 'Weak', medium: 'Medium', strong: 'Strong' },
} as const;

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
