/**
 * What a host page receives from the widget (§3): the client-side user, the host-side
 * configuration accepted by `LoginWidget.init()`, and the `detail` of the DOM events.
 * Times are `Date`s here; the wire (api.ts) carries unix seconds.
 */
import type { Chain } from './chains.js';
import type {
  HOST_LOGIN_METHODS,
  OAUTH_PROVIDER_RECORD,
  OAuthProvider,
  WALLET_LIST_VALUES,
} from './constants.js';
import type { EmbeddedWalletsConfig } from './embedded-wallet.js';
import type { LoginMethod } from './events.js';
import type { FarcasterAccount, FarcasterShortcut } from './farcaster-account.js';
import type { HostFiatOnRampConfig } from './funding.js';
import type { MfaMethod } from './mfa.js';
import type { PasskeyAccount } from './passkey-account.js';
import type { ThemeVariables } from './theme.js';
import type { RecoveryMethod } from './wallet-api.js';

export interface EmailAccount {
  type: 'email';
  address: string;
  verifiedAt: Date;
  firstVerifiedAt: Date | null;
  latestVerifiedAt: Date | null;
}

/** The host's own login (custom auth): the `sub` of the host's token. */
export interface CustomAuthAccount {
  type: 'custom_auth';
  customUserId: string;
  verifiedAt: Date;
  firstVerifiedAt: Date | null;
  latestVerifiedAt: Date | null;
}

/** Linked accounts the client understands; other types are dropped with a warning. */
export interface PhoneAccount {
  type: 'phone';
  /** E.164. */
  number: string;
  verifiedAt: Date;
  firstVerifiedAt: Date | null;
  latestVerifiedAt: Date | null;
}

/** The host's own login (custom auth): the `sub` of the host's token. */
export interface CustomAuthAccount {
  type: 'custom_auth';
  customUserId: string;
  verifiedAt: Date;
  firstVerifiedAt: Date | null;
  latestVerifiedAt: Date | null;
}

/** The §3 fields of each social provider's linked account, beside `subject` (null when the provider gave none). */
export type OAuthAccountFields = {
  [P in OAuthProvider]: { [F in (typeof OAUTH_PROVIDER_RECORD)[P]['fields'][number]]: string | null };
};

/** A social account, `google_oauth` … `apple_oauth`: the provider's subject and its fields (§3). */
export type OAuthAccount = {
  [P in OAuthProvider]: {
    type: `${P}_oauth`;
    subject: string;
    verifiedAt: Date;
    firstVerifiedAt: Date | null;
    latestVerifiedAt: Date | null;
  } & OAuthAccountFields[P];
}[OAuthProvider];

/** `user.google` … `user.apple`: the most recently verified account of each provider (§3). */
export type OAuthShortcuts = { [P in OAuthProvider]?: { subject: string } & OAuthAccountFields[P] };

/** A wallet (§3); the embedded wallet has walletClientType 'gatehouse' and a recoveryMethod. */
export interface WalletAccount {
  type: 'wallet';
  /** EIP-55. */
  address: string;
  chainType: 'ethereum';
  chainId: string | null;
  walletClient: string;
  walletClientType: string;
  connectorType: string;
  /** Embedded wallet only. */
  recoveryMethod: RecoveryMethod | null;
  verifiedAt: Date;
  firstVerifiedAt: Date | null;
  latestVerifiedAt: Date | null;
}

/** Linked accounts the client understands; other types are dropped with a warning. */
export type LinkedAccount =
  | OAuthAccount
  | EmailAccount
  | PhoneAccount
  | CustomAuthAccount
  | WalletAccount
  | FarcasterAccount
  | PasskeyAccount;

export type { MfaMethod };

export interface User extends OAuthShortcuts {
  id: string;
  createdAt: Date;
  linkedAccounts: LinkedAccount[];
  /** The most recently verified email account, when there is one. */
  email?: { address: string };
  /** The most recently verified phone account, when there is one. */
  phone?: { number: string };
  /** The active wallet (§3): the embedded one when the user has it, else the most recently verified. */
  wallet?: Omit<WalletAccount, 'type' | 'verifiedAt' | 'firstVerifiedAt' | 'latestVerifiedAt'>;
  /** The most recently verified Farcaster account (§3), when there is one. */
  farcaster?: FarcasterShortcut;
  mfaMethods: MfaMethod[];
  hasAcceptedTerms: boolean;
}

export type { ThemeVariables };

export type Theme = 'light' | 'dark';
/** `system` follows the visitor's `prefers-color-scheme`, live. */
export type ThemeSetting = Theme | 'system';

/** Host-side configuration (§3), the parts the email login uses. Every field is optional. */
export interface HostConfig {
  /** The app's name where the widget shows it (the logo's text, the consent screen…), over the app's own. */
  name?: string;
  appearance?: {
    /** URL of the logo shown on the login screen; overrides the app's logo. */
    logo?: string;
    /** `#rgb` or `#rrggbb`; overrides the app's accent colour. */
    accentColor?: string;
    theme?: ThemeSetting;
    /**
     * Theme variables (CSS custom properties of the modal and the wallet surface): colours as
     * `#rgb` or `#rrggbb`, radius and fontSize in px, fontFamily a font-family list (theme.ts).
     * An invalid one is ignored with a console warning naming it; `accent` overrides accentColor.
     */
    variables?: ThemeVariables;
    /** Wallets offered, in order (§3, §9). */
    walletList?: WalletListEntry[];
    /** The older grouped LANDING (§2.3); ignored when loginMethodsAndOrder is set. */
    loginGroupPriority?: LoginGroupPriority;
    /** Email and SMS as buttons that open their field, instead of the fields themselves. */
    hideDirectWeb2Inputs?: boolean;
    /** Wallets before the other methods; forced off without wallet login and on when nothing else is enabled (§5). */
    showWalletLoginFirst?: boolean;
    /** Hides the 'Protected by Gatehouse' line at the bottom of the modal. */
    hideBranding?: boolean;
  };
  intl?: {
    /** ISO 3166 alpha-2 country first selected in the phone field (default US). */
    defaultCountry?: string;
    /**
     * The widget's language, a BCP 47 tag ('ja', 'ja-JP'); by default the page's <html lang>, then
     * the browser's languages. A language without a catalogue shows English.
     */
    locale?: string;
  };
  /** Login methods offered; the app's flags on the server still apply (§3, §5). */
  loginMethods?: HostLoginMethod[];
  /** LANDING's primary list in order (at most 4 recommended) and the 'More options' list (§2.3, §5). */
  loginMethodsAndOrder?: { primary: LoginMethodEntry[]; overflow?: LoginMethodEntry[] };
  legal?: {
    termsAndConditionsUrl?: string;
    privacyPolicyUrl?: string;
    requireUsersAcceptTerms?: boolean;
    /**
     * Logging in counts as accepting the terms (§2.3 "implicit consent is forced"): the login
     * footer shows even when acceptance is required, and AFFIRMATIVE_CONSENT_SCREEN does not.
     */
    forceImplicitConsent?: boolean;
  };
  /** §3 loginConfig. */
  loginConfig?: {
    /** Offer Twitter on mobile browsers, over the app's twitter_oauth_on_mobile_enabled (default: not on mobile). */
    twitterOAuthOnMobileEnabled?: boolean;
  };
  /** Texts and link of ALLOWLIST_REJECTION_SCREEN, over the app's (§3, §6). */
  allowlistConfig?: {
    errorTitle?: string;
    errorDetail?: string;
    errorCtaText?: string;
    errorCtaLink?: string;
  };
  /** Cloudflare Turnstile before every login initiation (§4.3); overrides the app's captcha_enabled. Needs the app's `t:` site key. */
  captchaEnabled?: boolean;
  /** The host's own login: see CustomAuthConfig. */
  customAuth?: CustomAuthConfig;
  /** The embedded wallet (§3, §4.2, §6), over the app's `embedded_wallet_config`. */
  embeddedWallets?: EmbeddedWalletsConfig;
  /** Chain definitions beyond the built-in table (e.g. a local dev chain with its RPC URL). */
  chains?: Chain[];
  /** Chains the embedded wallet may use, as definitions or ids; must hold `defaultChain` (§5). */
  supportedChains?: Array<Chain | number>;
  /** Default: the first supported chain when `supportedChains` is set, else Ethereum (§9). */
  defaultChain?: Chain | number;
  /** RPC URLs per chain id, used before the chain's own. */
  rpcConfig?: { rpcUrls?: Record<number, string> };
  /** `sendTransaction` resolves once the receipt is in (default true, §9). */
  waitForTransactionConfirmation?: boolean;
  /** Two-step verification (§3, §4.8): over the app's `no_prompt_on_mfa_required`. */
  mfa?: {
    /** No 'Verify your identity' prompt: the `mfa:required` event, then initMfa / submitMfa / cancelMfa. */
    noPromptOnMfaRequired?: boolean;
  };
  /** An external wallet on an unsupported chain is switched to the default chain when it connects (§4.4). */
  shouldEnforceDefaultChainOnConnect?: boolean;
  /** Card funding (§3, §4.7), within what the app allows. */
  fiatOnRamp?: HostFiatOnRampConfig;
  /** The site's WalletConnect Cloud project id, over the app's; without one WalletConnect is not offered. */
  walletConnectCloudProjectId?: string;
  /** A WalletConnect relay of the site's own (`wss://…`); default WalletConnect's public relay. */
  walletConnectRelayUrl?: string;
  /** External wallets (§9): a request timeout in ms per wallet type (walletClientType or connectorType), over 120000. */
  externalWallets?: { requestTimeoutMs?: Record<string, number> };
  render?: {
    /** Show the modal as a dialog over the page (default) or inline in `inParentNodeId`. */
    inDialog?: boolean;
    inParentNodeId?: string | null;
  };
}

export interface LoginSuccessDetail {
  user: User;
  isNewUser: boolean;
  loginMethod: LoginMethod;
}

/** Phone input result (§3): what the phone field hands on. */
export interface PhoneInputResult {
  /** What the user typed, as formatted. */
  rawPhoneNumber: string;
  /** '+', the calling code, then the national number: E.164. */
  qualifiedPhoneNumber: string;
  /** ISO 3166 alpha-2 of the selected country. */
  countryCode: string;
  /** Valid for the selected country. */
  isValid: boolean;
}

export interface LinkSuccessDetail {
  user: User;
  /** What was linked: 'email', 'sms', 'google_oauth'… */
  linkMethod: string;
  linkedAccount: LinkedAccount;
}

export type LinkErrorDetail = LoginErrorDetail;

/** Login methods a host can name in `loginMethods` (§3). */
export type HostLoginMethod = (typeof HOST_LOGIN_METHODS)[number];

/** Supported wallet list values (§3). */
export type WalletListEntry = (typeof WALLET_LIST_VALUES)[number];

/** An entry of loginMethodsAndOrder: a login method or a wallet. */
export type LoginMethodEntry = Exclude<HostLoginMethod, 'wallet'> | WalletListEntry;

export type LoginGroupPriority = 'web2-first' | 'web3-first';

export interface LoginErrorDetail {
  code: string;
  message: string;
}

/**
 * Custom auth (§1, §7): the host logs its users in itself and hands the widget its token. While
 * `getCustomAccessToken()` gives a token and nobody is logged in, the widget logs in with it
 * (`custom_jwt_account/authenticate`); when it gives none, the widget logs out.
 */
export interface CustomAuthConfig {
  /** The host's current token for the user (a JWT the provider verifies), or null/undefined when logged out. */
  getCustomAccessToken: () => Promise<string | null | undefined>;
  /** True while the host itself is still finding out whether its user is logged in: the widget waits. */
  isLoading?: boolean;
}
