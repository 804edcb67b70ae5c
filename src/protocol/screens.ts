/** Named screens of the modal (§2.2). One widget file per screen, named after it. */
export const SCREENS = {
  landing: 'LANDING',
  awaitingPasswordlessCode: 'AWAITING_PASSWORDLESS_CODE',
  error: 'ERROR_SCREEN',
  linkEmail: 'LINK_EMAIL_SCREEN',
  linkPhone: 'LINK_PHONE_SCREEN',
  updateEmail: 'UPDATE_EMAIL_SCREEN',
  affirmativeConsent: 'AFFIRMATIVE_CONSENT_SCREEN',
  allowlistRejection: 'ALLOWLIST_REJECTION_SCREEN',
  captcha: 'CAPTCHA_SCREEN',
  awaitingOauth: 'AWAITING_OAUTH_SCREEN',
  inAppBrowserLoginNotPossible: 'IN_APP_BROWSER_LOGIN_NOT_POSSIBLE',
  // The embedded wallet (§2.2, §4.6); their state is core/wallet/ui-state.ts.
  embeddedWalletOnAccountCreate: 'EMBEDDED_WALLET_ON_ACCOUNT_CREATE_SCREEN',
  embeddedWalletCreated: 'EMBEDDED_WALLET_CREATED_SCREEN',
  embeddedWalletConnecting: 'EMBEDDED_WALLET_CONNECTING_SCREEN',
  embeddedWalletRecovery: 'EMBEDDED_WALLET_RECOVERY_SCREEN',
  embeddedWalletKeyExport: 'EMBEDDED_WALLET_KEY_EXPORT_SCREEN',
  embeddedWalletSignRequest: 'EMBEDDED_WALLET_SIGN_REQUEST_SCREEN',
  embeddedWalletSendTransaction: 'EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN',
  embeddedWalletPasswordUpdateSplash: 'EMBEDDED_WALLET_PASSWORD_UPDATE_SPLASH_SCREEN',
  embeddedWalletPasswordUpdate: 'EMBEDDED_WALLET_PASSWORD_UPDATE_SCREEN',
  // Two-step verification (§2.2, §4.8): enrolment, and the 'Verify your identity' prompt; core/mfa.
  mfaEnrollmentFlow: 'MFA_ENROLLMENT_FLOW_SCREEN',
  // Funding by card (§2.2, §4.7); core/funding.
  fiatOnRampPrompt: 'FIAT_ON_RAMP_PROMPT_SCREEN',
  fiatOnRampStatus: 'FIAT_ON_RAMP_STATUS_SCREEN',
  // Farcaster (§2.2, §4.4); core/farcaster.
  awaitingFarcasterConnection: 'AWAITING_FARCASTER_CONNECTION',
  awaitingFarcasterSigner: 'AWAITING_FARCASTER_SIGNER',
  // External wallets (§2.2, §4.5); core/wallet/external.
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
  /** Passkeys (passkey.ts): the provider-origin surface of a login, a link or a wallet's passkey recovery; core/passkey. */
  passkey: 'PASSKEY_SCREEN',
} as const;

export type ScreenName = (typeof SCREENS)[keyof typeof SCREENS];
