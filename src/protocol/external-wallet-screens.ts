/**
 * Screens of the external wallets (§2.2). A module of its own: the modal's screen table reads it
 * without taking the wallet constants along.
 */
export const EXTERNAL_WALLET_SCREENS = {
  awaitingConnection: 'AWAITING_CONNECTION',
  awaitingConnectOnlyConnection: 'AWAITING_CONNECT_ONLY_CONNECTION',
  loginFailed: 'LOGIN_FAILED_SCREEN',
  linkWallet: 'LINK_WALLET_SCREEN',
  connectOnlyLanding: 'CONNECT_ONLY_LANDING_SCREEN',
  connectOnlyAuthenticated: 'CONNECT_ONLY_AUTHENTICATED_SCREEN',
  phantomInterstitial: 'PHANTOM_INTERSTITIAL_SCREEN',
  installPhantom: 'INSTALL_PHANTOM_SCREEN',
  /** `connectOrCreateWallet()` (§2.2, §6): the wallets, or a login that gets an embedded wallet. */
  connectOrCreate: 'CONNECT_OR_CREATE',
} as const;
