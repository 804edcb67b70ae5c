/**
 * The export view's texts, written once. The frame may not import the client catalogue
 * (src/core/errors/messages.ts), and these texts are shown only inside the provider-origin frame.
 */
export const EXPORT_TEXTS = {
  /** The view's heading: the name of the action that opens it, as the modal names it. */
  heading: 'Export wallet',
  warning: 'Anyone with your private key has full control of this wallet. Never share it with anyone.',
  reveal: 'Reveal private key',
  loading: 'Loading your wallet…',
  copy: 'Copy key',
  copied: 'Copied',
  addressLabel: 'Wallet address',
  passwordPrompt: 'Enter your recovery password to show the key',
  wrongPassword: 'That password is not correct. Please try again.',
  mismatch: 'The wallet could not be rebuilt for this address.',
  failed: 'An error has occurred, please try again.',
  missingParameters: 'This page was opened without a wallet to export.',
  mfaRequired: 'Verify your identity first, then open this page again.',
  loginAgain: 'This browser does not hold your wallet yet: log in again, then open this page again.',
} as const;
