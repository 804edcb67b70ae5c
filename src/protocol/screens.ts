/**
 * Named screens of the modal (§2.2). One widget file per screen, named after it. Written once, as
 * the spec spells them; `SCREENS.<key>` names each by its camel-cased form without `_SCREEN`
 * (`SCREENS.embeddedWalletCreated` is 'EMBEDDED_WALLET_CREATED_SCREEN'), derived here rather than
 * written beside it: every page carries this table, and the keys were a third of it.
 */
const SCREEN_NAMES = [
  'LANDING',
  'AWAITING_PASSWORDLESS_CODE',
  'ERROR_SCREEN',
  'LINK_EMAIL_SCREEN',
  'LINK_PHONE_SCREEN',
  'UPDATE_EMAIL_SCREEN',
  'AFFIRMATIVE_CONSENT_SCREEN',
  'ALLOWLIST_REJECTION_SCREEN',
  'CAPTCHA_SCREEN',
  'AWAITING_OAUTH_SCREEN',
  'IN_APP_BROWSER_LOGIN_NOT_POSSIBLE',
  // The embedded wallet (§2.2, §4.6); their state is core/wallet/ui-state.ts.
  'EMBEDDED_WALLET_ON_ACCOUNT_CREATE_SCREEN',
  'EMBEDDED_WALLET_CREATED_SCREEN',
  'EMBEDDED_WALLET_CONNECTING_SCREEN',
  'EMBEDDED_WALLET_RECOVERY_SCREEN',
  'EMBEDDED_WALLET_KEY_EXPORT_SCREEN',
  'EMBEDDED_WALLET_SIGN_REQUEST_SCREEN',
  'EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN',
  'EMBEDDED_WALLET_PASSWORD_UPDATE_SPLASH_SCREEN',
  'EMBEDDED_WALLET_PASSWORD_UPDATE_SCREEN',
  // Two-step verification (§2.2, §4.8): enrolment, and the 'Verify your identity' prompt; core/mfa.
  'MFA_ENROLLMENT_FLOW_SCREEN',
  // Funding by card (§2.2, §4.7); core/funding.
  'FIAT_ON_RAMP_PROMPT_SCREEN',
  'FIAT_ON_RAMP_STATUS_SCREEN',
  // Farcaster (§2.2, §4.4); core/farcaster.
  'AWAITING_FARCASTER_CONNECTION',
  'AWAITING_FARCASTER_SIGNER',
  // External wallets (§2.2, §4.5); core/wallet/external.
  'AWAITING_CONNECTION',
  'AWAITING_CONNECT_ONLY_CONNECTION',
  'LOGIN_FAILED_SCREEN',
  'LINK_WALLET_SCREEN',
  'CONNECT_ONLY_LANDING_SCREEN',
  'CONNECT_ONLY_AUTHENTICATED_SCREEN',
  'PHANTOM_INTERSTITIAL_SCREEN',
  'INSTALL_PHANTOM_SCREEN',
  /** `connectOrCreateWallet()` (§2.2, §6): the wallets, or a login that gets an embedded wallet. */
  'CONNECT_OR_CREATE',
  /** Passkeys (passkey.ts): the provider-origin surface of a login, a link or a wallet's passkey recovery; core/passkey. */
  'PASSKEY_SCREEN',
] as const;

export type ScreenName = (typeof SCREEN_NAMES)[number];

type Pascal<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Capitalize<Lowercase<Head>>}${Pascal<Tail>}`
  : Capitalize<Lowercase<S>>;
/** The key of a screen: 'EMBEDDED_WALLET_CREATED_SCREEN' → 'embeddedWalletCreated'. */
type ScreenKey<N extends string> = Uncapitalize<Pascal<N extends `${infer Stem}_SCREEN` ? Stem : N>>;

const keyOf = (name: string): string =>
  name
    .replace(/_SCREEN$/, '')
    .toLowerCase()
    .replace(/_(.)/g, (_, letter: string) => letter.toUpperCase());

export const SCREENS = /* @__PURE__ */ Object.fromEntries(
  SCREEN_NAMES.map((name) => [keyOf(name), name]),
) as {
  readonly [N in ScreenName as ScreenKey<N>]: N;
};
