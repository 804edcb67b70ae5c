import { texts } from './registry.js';

/**
 * What PASSKEY_SCREEN and the passkey flows say besides LANDING's button (UI_TEXT.loginWithPasskey)
 * and the provider's refusals (protocol/passkey.ts PASSKEY_ERRORS, shown in the surface).
 */
export const PASSKEY_TEXT = texts('PASSKEY_TEXT', {
  linkTitle: 'Add a passkey',
  recoveryTitle: 'Protect your wallet with a passkey',
  /** loginWithPasskey() while the app has passkey login off. */
  loginOff: 'Passkey login is not enabled for this app',
  recoverySet: 'Your wallet is now protected by your passkey',
  /** setWalletPasskey without an embedded wallet. */
  mustHaveWallet: 'Must have a wallet to protect it with a passkey',
  /** setWalletPasskey for a wallet whose recovery is a passkey already. */
  alreadySet: 'Cannot set a passkey, the wallet is already protected by a passkey',
  /** The frame refused the passkey: no PRF output (passkey.ts PASSKEY_NO_PRF_MESSAGE). */
  noPrf:
    'This passkey cannot protect a wallet: its device or browser does not support it. Set a recovery password instead, or use a passkey from another device.',
  /** The user closed setWalletPasskey's screen or cancelled in the surface. */
  exitedRecoveryFlow: 'User exited the set passkey flow',
  /** The passkey recovery could not be set for another reason. */
  recoveryFailed: 'Error setting a passkey on the wallet',
  /** The passkey login or link failed outside the surface (the frame or the provider went away). */
  failed: 'The passkey could not be used. Please try again.',
} as const);
