/** What the Farcaster screens say besides the §8 texts (protocol/farcaster.ts FARCASTER_TEXTS). */
export const FARCASTER_UI_TEXT = {
  connectTitle: 'Sign in with Farcaster',
  scan: 'Scan with your phone’s camera to sign in with Warpcast.',
  qrLabel: 'QR code to sign in with Farcaster',
  copyLink: 'Copy link',
  openWarpcast: 'Open Warpcast',
  onPhone: 'Sign in with your Farcaster account in Warpcast, then come back here.',
  waiting: 'Waiting for you to sign in…',
  connected: 'Connected with Farcaster',
  signerTitle: 'Approve in Warpcast',
  signerScan: 'Scan with your phone’s camera to let this app post on Farcaster for you.',
  signerQrLabel: 'QR code to approve this app in Warpcast',
  signerOnPhone: 'Approve this app in Warpcast, then come back here.',
  signerWaiting: 'Waiting for your approval…',
  signerApproved: 'Approved',
  tryAgain: 'Try again',
} as const;
