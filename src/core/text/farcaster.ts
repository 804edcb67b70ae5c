import { texts } from './registry.js';

/**
 * What the Farcaster screens say, the §8 texts of its flows included: the connect timeout
 * (retryable), and the signer failures ('Connect failed' with the generic or the timeout detail;
 * 'Request rejected'). The app is Farcaster (Warpcast was renamed in 2025).
 */
export const FARCASTER_UI_TEXT = texts('FARCASTER_UI_TEXT', {
  connectTitle: 'Sign in with Farcaster',
  scan: 'Scan with your phone’s camera to sign in with Farcaster.',
  qrLabel: 'QR code to sign in with Farcaster',
  copyLink: 'Copy link',
  openApp: 'Open Farcaster',
  onPhone: 'Sign in with your Farcaster account in the Farcaster app, then come back here.',
  waiting: 'Waiting for you to sign in…',
  connected: 'Connected with Farcaster',
  signerTitle: 'Approve in Farcaster',
  signerScan: 'Scan with your phone’s camera to let this app post on Farcaster for you.',
  signerQrLabel: 'QR code to approve this app in Farcaster',
  signerOnPhone: 'Approve this app in Farcaster, then come back here.',
  signerWaiting: 'Waiting for your approval…',
  signerApproved: 'Approved',
  tryAgain: 'Try again',
  connectTimeout: 'The request timed out. Try again.',
  signerFailedTitle: 'Connect failed',
  signerFailedDetail: 'Something went wrong. Please try again.',
  signerRejectedTitle: 'Request rejected',
  signerRejectedDetail: 'The request was rejected. Please try again.',
} as const);
