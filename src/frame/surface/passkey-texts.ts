/**
 * What the surface's passkey view says (views/passkey.ts): a title and a line per purpose, the
 * button that starts the ceremony, and what a ceremony that gave nothing means; the passkey
 * window's lines too. Apart from texts.ts so that they come with the view's lazy chunk, not with
 * every review. Named in the text registry, so that a locale shown before it loads translates it.
 */
import { texts } from '../../core/text/registry.js';
import { WALLET_TEXT } from '../../core/text/wallet.js';
import { MFA_VERIFICATION_CANCELED } from '../../protocol/error-messages.js';

export const PASSKEY_SURFACE_TEXT = texts('PASSKEY_SURFACE_TEXT', {
  title: {
    login: 'Log in with a passkey',
    signup: 'Create a passkey',
    link: 'Add a passkey',
    'step-up': 'Verify with your passkey',
    recover: 'Unlock your wallet with your passkey',
    'set-recovery': 'Protect your wallet with your passkey',
    'create-recovery': WALLET_TEXT.creatingPasskeyTitle,
  },
  detail: {
    login: 'Use the passkey saved on this device, your phone or your password manager.',
    signup: 'Your device will save a passkey for this account: no password to remember.',
    link: 'Your device will save a passkey you can log in with next time.',
    'step-up': "Use one of your passkeys to confirm it's you.",
    recover: 'Use the passkey that protects your wallet to load it on this device.',
    'set-recovery': 'Only your passkey will be able to load your wallet on a new device.',
    'create-recovery': 'Only your passkey will be able to load your new wallet on another device.',
  },
  continue: 'Continue with passkey',
  signUp: 'Create a passkey',
  cancelled: 'No passkey was used. Please try again.',
  cancelledSignUp: 'No passkey was used. No passkey yet? Create one.',
  /** A verification (MFA, a step-up) whose passkey prompt was closed: §8's words. */
  cancelledVerification: MFA_VERIFICATION_CANCELED,
  exists: 'This device already has a passkey for this account.',
  failed: 'The passkey could not be used. Please try again.',
  unsupported: 'This browser cannot use passkeys.',
  /** The browser refuses passkeys in the surface's frame (passkey-refusal.ts): the popup instead. */
  framed: "Passkeys can't be used inside this page. Continue in a new window instead.",
  newWindow: 'Continue in a new window',
  inWindow: 'Finish in the new window.',
  popupBlocked: 'The new window was blocked. Allow pop-ups for this site, then try again.',
  /** The passkey window (passkey-window/) opened by anything but the surface. */
  noOpener: 'Open this window from the passkey screen.',
} as const);
