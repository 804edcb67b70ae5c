/** DOM events dispatched on `window` as `CustomEvent`s with a typed `detail` (DESIGN.md). */
export const EVENTS = {
  loginSuccess: 'login:success',
  loginError: 'login:error',
  logout: 'logout',
  linkSuccess: 'link:success',
  linkError: 'link:error',
  /** An embedded wallet was created (§4.6); detail: EmbeddedWallet of embedded-wallet.ts. */
  walletCreated: 'wallet:created',
  /** An external wallet connected or disconnected (§6); detail: its ConnectedWallet (external-wallet.ts). */
  walletConnected: 'wallet:connected',
  walletDisconnected: 'wallet:disconnected',
  /** A wallet action needs a verification and the app asked for no prompt (§4.8); detail: { mfaMethods }. */
  mfaRequired: 'mfa:required',
  /** A two-step method was added or removed (§4.8); detail: { method }. */
  mfaEnrolled: 'mfa:enrolled',
  mfaUnenrolled: 'mfa:unenrolled',
  /** A card purchase's status as the status screen reads it (§4.7); detail: FiatOnRampStatus (funding.ts). */
  fundStatus: 'fund:status',
  /**
   * A transaction `sendTransaction` resolved without its receipt (the wait for it ran out, or the
   * node failed meanwhile: `blockNumber` null) was mined; detail: SendTransactionResult with it.
   */
  transactionConfirmed: 'transaction:confirmed',
  /** The modal closed (§2.3 "the close handler"); detail: { user } — the logged-in user, or null. */
  modalClose: 'modal:close',
} as const;

export type EventName = (typeof EVENTS)[keyof typeof EVENTS];

export type LoginMethod = 'email' | 'sms' | 'siwe' | 'custom' | 'farcaster' | 'passkey' | `${string}_oauth`;
