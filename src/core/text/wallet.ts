import { texts } from './registry.js';

/**
 * Copy of the embedded-wallet screens (§2.2, §2.3, §4.6, §8). Read only by the EMBEDDED_WALLET_*
 * screens, which load lazily, so these texts travel in their chunk. The rules' texts (insufficient
 * funds, the password rules, the strength labels, the checkbox) are WALLET_MESSAGES, PASSWORD_TEXT
 * and TRANSACTION_TEXT of messages.ts.
 */
export const WALLET_TEXT = texts('WALLET_TEXT', {
  // Creation (§4.6).
  creatingTitle: 'Creating your wallet…',
  creatingDetail: 'This only takes a moment.',
  createdTitle: 'Your wallet is ready',
  createdDetail: 'Your new wallet has been created and secured.',
  /** The surface's passkey step of a creation with passkey recovery (its heading there too). */
  creatingPasskeyTitle: 'Protect your new wallet with your passkey',
  createFailedTitle: 'Something went wrong',
  continue: 'Continue',
  // Connecting and recovery (§4.6, §8).
  connectingTitle: 'Connecting your wallet',
  recoveringTitle: 'Loading your wallet',
  connectingDetail: 'Just a few moments more',
  recoveryTitle: 'Load your account',
  recoveryDetail: 'Enter your recovery password to load your wallet on this device.',
  recoveryPasswordLabel: 'Recovery password',
  checkingPassword: 'Checking your password…',
  // The recovery password flow (§4.6, §5).
  splashTitle: 'Secure your account',
  splashDetail:
    'Set a recovery password for your wallet. You will need it to load your wallet on a new device or browser.',
  creatingPasswordTitle: 'Create a password',
  creatingPasswordDetail:
    'Choose a password to secure your wallet. It cannot be reset, so keep it somewhere safe.',
  passwordLabel: 'Password',
  generatePassword: 'Generate a password',
  passwordStrength: 'Password strength',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  show: 'Show',
  hide: 'Hide',
  savingTitle: 'Save your password',
  savingDetail: 'Store your password somewhere safe: without it you cannot recover your wallet.',
  yourPassword: 'Your password',
  copy: 'Copy',
  copied: 'Copied',
  download: 'Download',
  recoveryFileContent: (password: string, appName: string) =>
    `Recovery password of your wallet${appName ? ` on ${appName}` : ''}:\n\n${password}\n\nKeep this file somewhere safe. Anyone with this password and access to your account can use your wallet.\n`,
  confirmingTitle: 'Confirm your password',
  confirmingDetail: 'Type your password again to make sure you have it right.',
  confirmPasswordLabel: 'Confirm password',
  finalizingTitle: 'Finish setting up',
  finalizingDetail: 'Your password is the only way to load your wallet on a new device.',
  setPassword: 'Set password',
  securing: 'Securing your wallet…',
  doneTitle: 'Success',
  doneDetail: 'Your wallet is secured with your password.',
  doneFailedTitle: 'Something went wrong',
  back: 'Back',
  cancel: 'Cancel',
  close: 'Close',
  // Signing (§4.6, §8).
  signTitle: 'Sign message',
  signDetail: 'Signing this message will not cost you any fees.',
  signTypedDataDetail: 'Signing this data will not cost you any fees.',
  signButton: 'Sign and continue',
  signing: 'Signing…',
  message: 'Message',
  domain: 'Domain',
  signSuccess: 'Success',
  // Sending (§2.3, §4.6, §8).
  preparing: 'Preparing your transaction…',
  amount: 'Amount',
  networkFee: 'Network fee',
  gasFee: 'Gas fee',
  l1Fee: 'Layer 1 fee',
  total: 'Total',
  from: 'From',
  to: 'To',
  newContract: 'New contract',
  action: 'Action',
  contract: 'Contract',
  network: 'Network',
  balance: 'Available balance',
  approve: 'Approve',
  submitting: 'Submitting (may take a few moments)...',
  transactionComplete: 'Transaction complete',
  /** 'done' without the receipt: sent, the wait for its confirmation ran out. */
  transactionSubmitted: 'Transaction submitted',
  transactionPending: 'It is not confirmed yet. It needs nothing more from you.',
  allDone: 'All done',
  viewTransaction: 'View transaction',
  /** An address link's accessible name: its visible (shortened) text first; the full address is its title. */
  viewOnExplorer: (shown: string) => `${shown} on the block explorer`,
  // Export (§2.3, §4.6).
  /** The host's action is 'Export wallet' too: one name for it. */
  exportTitle: 'Export wallet',
  // The provider-origin surface (protocol/surface.ts).
  surfaceLoading: 'Loading the secure frame…',
  tryAgain: 'Try again',
} as const);
