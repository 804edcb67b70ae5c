/**
 * Business constants of the product spec (§9), written once and imported everywhere.
 * Durations are in milliseconds unless the name says otherwise.
 */

/** Length of an app id (§5, §9). */
export const APP_ID_LENGTH = 25;
/** Length of a one-time verification code and number of code boxes (§9). */
export const VERIFICATION_CODE_LENGTH = 6;
/** Minimum wallet recovery password length (§9). */
export const PASSWORD_MIN_LENGTH = 6;

/** Client API defaults (§7, §9). */
export const API_TIMEOUT_MS = 20_000;
export const API_RETRIES = 3;
export const API_RETRY_DELAY_MS = 500;
export const API_RETRY_STATUSES: readonly number[] = [408, 409, 425, 500, 502, 503, 504];

/** A token is active unless it expires within this margin (§4.1, §9). */
export const TOKEN_FRESHNESS_MARGIN_MS = 30_000;

/** UI delays (§4.2, §9). */
export const ERROR_CLEAR_DELAY_MS = 1400;
export const DIALOG_CLOSE_DELAY_MS = 1400;
export const DIALOG_CLOSE_DELAY_BEFORE_CONSENT_MS = 900;
export const AUTH_FLOW_CLEAR_DELAY_MS = 200;
export const COPY_FEEDBACK_MS = 1500;

/** Modal geometry (§2.1, §9), in CSS pixels. */
export const MODAL_WIDTH_PX = 360;
export const MODAL_DRAWER_BREAKPOINT_PX = 440;
export const MODAL_HEIGHT_FULL_PX = 620;
export const MODAL_HEIGHT_COMPACT_PX = 480;

/** Theme defaults (§9). */
export const DEFAULT_THEME = 'light';
export const DEFAULT_ACCENT_COLOR = '#676FFF';
export const DEFAULT_COUNTRY = 'US';

/** LANDING layout (§2.3, §5, §9). */
export const MAX_PRIMARY_LOGIN_METHODS = 4;
export const PRIMARY_LIST_MAX_ITEMS = 5;
/** Socials shown in the grouped web2-first variant before 'Other socials'. */
export const GROUPED_SOCIALS_MAX = 3;
/** Wallets shown in the grouped web3-first variant before 'Other wallets' (§2.3). */
export const GROUPED_WALLETS_MAX = 3;
/**
 * The social login providers (§1, §9), in the spec's order: the §3 fields of each one's linked
 * account besides `subject`, and its `LoginWidget.link*` method. Everything else that names the
 * providers is derived from here (the `*_oauth` app flags and their defaults, the link methods,
 * the app configuration's schema); the server's endpoints are services/oauth/providers.ts, the
 * names on screen the text catalogue (core/text/ui.ts).
 */
export const OAUTH_PROVIDER_RECORD = {
  google: { fields: ['email', 'name'], link: 'linkGoogle' },
  twitter: { fields: ['username', 'name', 'profilePictureUrl'], link: 'linkTwitter' },
  discord: { fields: ['username', 'email'], link: 'linkDiscord' },
  github: { fields: ['username', 'name', 'email'], link: 'linkGithub' },
  spotify: { fields: ['email', 'name'], link: 'linkSpotify' },
  tiktok: { fields: ['username', 'name'], link: 'linkTiktok' },
  linkedin: { fields: ['name', 'email'], link: 'linkLinkedIn' },
  apple: { fields: ['email'], link: 'linkApple' },
} as const;
export type OAuthProvider = keyof typeof OAUTH_PROVIDER_RECORD;
/** Social login providers (§1, §9), in the spec's order. */
export const OAUTH_PROVIDERS = /* @__PURE__ */ Object.keys(OAUTH_PROVIDER_RECORD) as readonly OAuthProvider[];
/** `LoginWidget.linkGoogle` … `linkApple`. */
export type OAuthLinkMethod = (typeof OAUTH_PROVIDER_RECORD)[OAuthProvider]['link'];
/** `LoginWidget.linkGoogle()` … `linkApple()`: the social provider each one links (§1). */
export const OAUTH_LINK_METHODS = /* @__PURE__ */ (() =>
  Object.fromEntries(OAUTH_PROVIDERS.map((provider) => [OAUTH_PROVIDER_RECORD[provider].link, provider])) as {
    readonly [P in OAuthProvider as (typeof OAUTH_PROVIDER_RECORD)[P]['link']]: P;
  })();
/** `google_oauth` … `apple_oauth`: the app's flag switching each provider's login on (§3). */
export type OAuthAppFlag = `${OAuthProvider}_oauth`;
/** The app flag names of OAUTH_PROVIDERS, in the same order. */
export const oauthAppFlags = (): OAuthAppFlag[] =>
  OAUTH_PROVIDERS.map((provider) => `${provider}_oauth` as const);

/** Login methods a host can name in `loginMethods` (§3), in the spec's order. */
export const HOST_LOGIN_METHODS = /* @__PURE__ */ ['email', 'sms'].concat(OAUTH_PROVIDERS, [
  'wallet',
  'farcaster',
  'passkey',
]) as readonly ('email' | 'sms' | OAuthProvider | 'wallet' | 'farcaster' | 'passkey')[];
export const WALLET_LIST_VALUES = [
  'coinbase_wallet',
  'cryptocom',
  'metamask',
  'okx_wallet',
  'phantom',
  'rainbow',
  'uniswap',
  'zerion',
  'wallet_connect',
  'detected_wallets',
  'brave_wallet',
] as const;

/** Server-side limits for one-time codes. */
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;

/** How often the widget re-reads the host's token for custom auth (besides focus and visibility changes). */
export const CUSTOM_AUTH_RECHECK_INTERVAL_MS = 60_000;

/** Analytics events (§7): sizes the server accepts. */
export const ANALYTICS_EVENT_NAME_MAX_LENGTH = 64;
export const ANALYTICS_CLIENT_ID_MAX_LENGTH = 64;
export const ANALYTICS_PAYLOAD_MAX_BYTES = 4096;
/** Events the client reports (§7 `analytics_events`); the console's Activity section counts them. */
export const ANALYTICS_EVENTS = {
  sdkInitialized: 'sdk_initialized',
  modalOpen: 'modal_open',
  loginSuccess: 'login_success',
} as const;

/** Session lifetimes. */
export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
/** A just-rotated refresh token may be presented again within this window (two tabs refreshing at once). */
export const REFRESH_REUSE_GRACE_MS = 10_000;

/** Query parameters of the host page (§2.1). */
export const QUERY_PARAMS = {
  token: 'gatehouse_token',
  oauthCode: 'gatehouse_oauth_code',
  oauthState: 'gatehouse_oauth_state',
  oauthProvider: 'gatehouse_oauth_provider',
  connector: 'gatehouse_connector',
  walletClient: 'gatehouse_wallet_client',
} as const;

/** OAuth PKCE (§5): the verifier is this many random bytes, the challenge is S256 of it. */
export const OAUTH_VERIFIER_BYTES = 36;
/** The `gatehouse_oauth_code` value that means the user denied at the provider (§5). */
export const OAUTH_DENIED_CODE = 'undefined';
/** Lifetime of an OAuth state on the server, from init to the provider's callback. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;
/** Lifetime of the single-use Gatehouse authorization code handed back to the host page. */
export const OAUTH_CODE_TTL_MS = 2 * 60_000;

/** Wire headers (§7, DESIGN.md). */
export const HEADERS = {
  appId: 'gatehouse-app-id',
  clientAnalyticsId: 'gatehouse-ca-id',
  client: 'gatehouse-client',
} as const;

/** Prefix of the `gatehouse-client` header value; the SDK version follows. */
export const CLIENT_NAME = 'gatehouse-js';

/** Prefix of the `sub` claim of access tokens. */
export const USER_DID_PREFIX = 'did:gatehouse:';

/** Keys in the host page's localStorage. */
export const STORAGE_KEYS = {
  token: 'gatehouse:token',
  refreshToken: 'gatehouse:refresh_token',
  clientAnalyticsId: 'gatehouse:caid',
  /** A refresh token of a forked session (`gatehouse_token`), used once when nothing else is stored (§4.1). */
  forkedToken: 'gatehouse:forked_token',
  /** The OAuth flow under way (provider, state, verifier, login or link), kept across the redirect. */
  oauthFlow: 'gatehouse:oauth',
  /** The chain remembered per embedded-wallet address (§4.5): JSON `{ [address]: chainId }`. */
  walletChains: 'gatehouse:embedded_wallet_chains',
  /** §3 stored wallet connection history of the external wallets: JSON array of WalletConnectionRecord. */
  walletConnections: 'gatehouse:wallet_connections',
  /** Written when the logged-in user changes (a link, accepted terms): the other tabs read the user again. */
  userChanged: 'gatehouse:user_changed',
  /** The last app configuration, JSON, per API and app (`<key>:<api url>:<app id>`): used at once on the next load. */
  appConfig: 'gatehouse:app_config',
} as const;

/** Captcha (Cloudflare Turnstile) timings and limits (§4.3, §9). */
export const CAPTCHA_RETRIES = 3;
export const CAPTCHA_RESULT_DELAY_MS = 1000;
export const CAPTCHA_AUTO_START_MS = 500;
export const CAPTCHA_RESULT_POLL_MS = 200;
export const CAPTCHA_RESULT_TIMEOUT_MS = 20_000;
/** A captcha site key is written `t:<Turnstile site key>` (§5). */
export const CAPTCHA_SITE_KEY_PREFIX = 't:';

// Embedded wallet rules (§4.6, §5, §8, §9) live in wallet-constants.ts, imported from there: only
// wallet code (loaded lazily) reads them, and a re-export here kept them in the every-page chunk
// that holds this module. Other values only lazy code reads live beside that code for the same
// reason (the default wallet list in core/login/layout.ts, the in-app browsers' markers in
// core/in-app-browser.ts).
