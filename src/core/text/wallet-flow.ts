import { GENERIC_WALLET_ERROR_MESSAGE, ONLY_ONE_WALLET_MESSAGE } from '../../protocol/error-messages.js';
import { WALLET_MESSAGES } from '../errors/wallet-messages.js';
import { texts } from './registry.js';

/**
 * Texts the embedded-wallet flows (core) produce (§4.6, §5, §8): creation, connection and recovery, signing,
 * sending, the password flow. Read by core/wallet; the screens show them from `$walletUi`.
 */
export const WALLET_FLOW_TEXT = texts('WALLET_FLOW_TEXT', {
  /** §8 wallet creation, recovery and sign: the generic failure. */
  genericError: GENERIC_WALLET_ERROR_MESSAGE,
  /** §8 wallet creation without an access token. */
  loginAgain: 'An error has occured, please login again.',
  somethingWentWrong: 'Something went wrong',
  tryLater: "We're on it. Please try again later.",
  createTimedOut: 'walletProxy.create timed out.',
  createNoResponse: 'walletProxy.create did not send a response.',
  refreshUserFailed: 'Failed to refresh user.',
  missingEmbeddedWallet: 'Updated user is missing embedded wallet.',
  passwordAfterCreateFailed: 'User created a wallet but failed to set a password for it',
  /**
   * The app asked for passkey recovery and the new wallet has the other kind: no PRF output or
   * WebAuthn here (`unavailable`), or the user cancelled the passkey step (`skipped`).
   */
  passkeyFallback: {
    unavailable: {
      login:
        "Your passkey can't protect this wallet on this device, so you can recover it by logging in to your account instead.",
      password:
        "Your passkey can't protect this wallet on this device, so your recovery password protects it instead.",
    },
    skipped: {
      login:
        "You didn't use a passkey, so you can recover this wallet by logging in to your account instead.",
      password: "You didn't use a passkey, so your recovery password protects this wallet instead.",
    },
  },
  creationFailed: 'User wallet creation failed',
  settingPasswordFailed: 'Error setting password on wallet',
  onlyOneWallet: ONLY_ONE_WALLET_MESSAGE,
  /** §8 general: the wallet proxy did not answer in time. */
  walletTimeout: 'Wallet timeout',
  /** §8 unknown_embedded_wallet_error. */
  embeddedWalletError: 'Embedded wallet error',
  mustHaveWallet: 'Must have a wallet to add a password',
  passwordAlreadySet: 'Cannot set password, the wallet already has a password',
  mustBeAuthenticatedBeforeSigning: 'User must be authenticated before signing',
  messageNotEmpty: 'Message must be a non-empty string',
  unableToConnect: 'Unable to connect to wallet',
  unableToRecover: 'Unable to recover wallet',
  walletNotConnected: 'Wallet is not connected',
  /** A rejected request (closing a sign or send screen): 4001 (§8). */
  userRejected: 'User rejected the request.',
  /** The user closed the password flow they started (§8 user_exited_set_password_flow). */
  exitedPasswordFlow: 'User exited the set password flow',
  /** A wallet request while another one waits on a screen (-32002 of §8). */
  requestPending: 'Resource request already pending',
  invalidTypedData: 'Typed data must hold domain, types, primaryType and message',
  paramsMustBeArray: (method: string) => `Params for ${method} must be an array`,
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  /** §8 transaction texts, as the send review shows them (the host's errors keep WALLET_MESSAGES'). */
  insufficientFunds: WALLET_MESSAGES.insufficientFunds,
  preparingFailed: 'There was an error preparing your transaction. Please try again.',
  processingFailed: 'There was an error processing your transaction. Please contact support.',
  /** Beside insufficientFunds on the review, where the app funds wallets (§2.3, §8). */
  addFunds: 'Add funds',
  /** §5: an app that enforces its wallet UIs (enforce_wallet_uis) waits for every receipt. */
  noConfirmationWaitNeedsUisOff:
    'waitForTransactionConfirmation: false requires wallet UIs to be disabled for this app (enforce_wallet_uis is on)',
  /** noPromptOnSignature while the app enforces its wallet UIs: every signature is the user's own click. */
  noPromptNeedsUisOff:
    'noPromptOnSignature requires wallet UIs to be disabled for this app (enforce_wallet_uis is on): the user approves every signature in the wallet',
} as const);
