/**
 * Wire contract of the provider API (§3, §7): paths, request bodies and answers, with the
 * field names exactly as the spec's call table writes them. Times on the wire are unix seconds.
 */

import type { OAuthAppFlag } from './constants.js';
import type { FiatOnRampAppConfig } from './funding.js';
import type { MfaMethod } from './mfa.js';

/** GET: the app configuration; public, so the loader can ask for it as a CORS simple request. */
export const appConfigPath = (appId: string) => `/api/v1/apps/${encodeURIComponent(appId)}`;

export const API_PATHS = {
  app: appConfigPath,
  jwks: (appId: string) => `/api/v1/apps/${encodeURIComponent(appId)}/jwks.json`,
  passwordlessInit: '/api/v1/passwordless/init',
  passwordlessAuthenticate: '/api/v1/passwordless/authenticate',
  passwordlessLink: '/api/v1/passwordless/link',
  passwordlessUnlink: '/api/v1/passwordless/unlink',
  passwordlessUpdate: '/api/v1/passwordless/update',
  smsInit: '/api/v1/passwordless_sms/init',
  smsAuthenticate: '/api/v1/passwordless_sms/authenticate',
  smsLink: '/api/v1/passwordless_sms/link',
  smsUnlink: '/api/v1/passwordless_sms/unlink',
  sessions: '/api/v1/sessions',
  sessionsLogout: '/api/v1/sessions/logout',
  sessionsFork: '/api/v1/sessions/fork',
  sessionsForkRecover: '/api/v1/sessions/fork/recover',
  acceptTerms: '/api/v1/users/me/accept_terms',
  customJwtAuthenticate: '/api/v1/custom_jwt_account/authenticate',
  analyticsEvents: '/api/v1/analytics_events',
  oauthInit: '/api/v1/oauth/init',
  oauthAuthenticate: '/api/v1/oauth/authenticate',
  oauthLink: '/api/v1/oauth/link',
  oauthUnlink: '/api/v1/oauth/unlink',
  /** Where every identity provider sends the browser back (GET, or POST for Apple's form_post). */
  oauthCallback: '/api/v1/oauth/callback',
} as const;

// ---- users and linked accounts (server field names) ----

interface LinkedAccountTimes {
  verified_at: number;
  first_verified_at: number | null;
  latest_verified_at: number | null;
}

export interface EmailAccountWire extends LinkedAccountTimes {
  type: 'email';
  address: string;
}

export interface PhoneAccountWire extends LinkedAccountTimes {
  type: 'phone';
  /** E.164, e.g. +14155550123. */
  number: string;
}

/** Linked-account types grow with later capabilities; unknown types are ignored by the client. */
export type LinkedAccountWire =
  | EmailAccountWire
  | PhoneAccountWire
  | (LinkedAccountTimes & { type: string; [field: string]: unknown });

export interface MfaMethodWire {
  type: MfaMethod;
  verified_at: number;
}

export interface UserWire {
  id: string;
  created_at: number;
  linked_accounts: LinkedAccountWire[];
  mfa_methods: MfaMethodWire[];
  has_accepted_terms: boolean;
}

// ---- bodies and answers ----

// The bodies of the email and SMS code calls are in protocol/code-login.ts.

/** Auth result (§3). */
export interface AuthResult {
  user: UserWire;
  token: string;
  /** Answered as null in same-site cookie mode, where it is only in the provider's HttpOnly cookie. */
  refresh_token: string;
  is_new_user: boolean;
}

export interface OAuthInitBody {
  provider: string;
  /** The host page to come back to; its origin must be one of the app's origins. */
  redirect_to: string;
  /** Captcha token, when captcha is enabled. */
  token?: string;
  /** base64url SHA-256 of the code verifier (S256). */
  code_challenge: string;
  state_code: string;
}

/** Answer of `oauth/init`: the identity provider's authorization URL to send the browser to. */
export interface OAuthInitResponse {
  url: string;
}

/** `oauth/authenticate` and `oauth/link`. */
export interface OAuthAuthenticateBody {
  authorization_code: string;
  state_code: string;
  code_verifier: string;
}

export interface OAuthUnlinkBody {
  provider: string;
  subject: string;
}

export interface SessionRefreshBody {
  refresh_token?: string;
}

export type SessionUpdateAction = 'set' | 'clear' | 'ignore';

/** Session update response (§3, §4.1). */
export interface SessionUpdateResponse {
  session_update_action: SessionUpdateAction;
  token: string | null;
  refresh_token: string | null;
  user: UserWire | null;
}

export interface LogoutBody {
  refresh_token?: string;
}

/** `sessions/fork` and `sessions/fork/recover`. */
export interface ForkSessionBody {
  refresh_token: string;
}

/**
 * Answer of `sessions/fork`: the caller's session rotated (`token`, `refresh_token`), and the first
 * refresh token of a new session of the same user, to hand to another page (`?gatehouse_token=`).
 */
export interface ForkSessionResponse {
  token: string;
  refresh_token: string;
  new_session_refresh_token: string;
}

/** `custom_jwt_account/authenticate`: the host's own token for the user (custom auth). */
export interface CustomJwtAuthenticateBody {
  token: string;
}

/** Answer of `users/me/accept_terms`. */
export interface AcceptTermsResponse {
  user: UserWire;
}

/** `analytics_events`: failures are ignored by the client. */
export interface AnalyticsEventBody {
  event_name: string;
  /** The client analytics id (as in the `gatehouse-ca-id` header). */
  client_id: string;
  payload: { clientTimestamp: string; [field: string]: unknown };
}

/** Access-token claims (DESIGN.md). */
export interface AccessTokenClaims {
  iss: string;
  aud: string;
  sub: string;
  sid: string;
  iat: number;
  exp: number;
  /**
   * When the user last logged in interactively (unix seconds), kept through refreshes and forks;
   * recovering the embedded wallet on a new device needs a recent one. Absent in tokens issued
   * before it existed.
   */
  auth_time?: number;
}

// ---- app configuration (§3, server) ----

export type CreateOnLogin = 'off' | 'all-users' | 'users-without-wallets';

/** `google_oauth` … `apple_oauth` (OAUTH_PROVIDER_RECORD): whether the app offers each social login. */
export type OAuthAppFlags = { [F in OAuthAppFlag]: boolean };

export interface AppConfigWire extends OAuthAppFlags {
  id: string;
  name: string;
  /** ES256 public key (SPKI PEM) verifying this app's access tokens. */
  verification_key: string;
  logo_url: string | null;
  accent_color: string | null;
  show_wallet_login_first: boolean;
  allowlist_config: {
    error_title: string | null;
    error_detail: string | null;
    cta_text: string | null;
    cta_link: string | null;
  };
  wallet_auth: boolean;
  /** Log in and sign up with a passkey (passkey.ts); linking one needs no setting. */
  passkey_auth: boolean;
  email_auth: boolean;
  sms_auth: boolean;
  farcaster_auth: boolean;
  terms_and_conditions_url: string | null;
  privacy_policy_url: string | null;
  require_users_accept_terms: boolean;
  embedded_wallet_config: {
    create_on_login: CreateOnLogin;
    require_user_password_on_create: boolean;
    no_prompt_on_signature: boolean;
    /** A new wallet's recovery (embedded-wallet.ts WALLET_RECOVERY_SETTINGS). */
    recovery: 'default' | 'passkey';
  };
  custom_api_url: string | null;
  wallet_connect_cloud_project_id: string | null;
  fiat_on_ramp_enabled: boolean;
  fiat_on_ramp_use_sandbox: boolean;
  /**
   * Card funding (§4.7): the provider, the app's publishable key and the provider's API for the
   * app's mode, from the provider's settings (never stored in the configuration, never secret).
   * Absent from providers older than funding.
   */
  fiat_on_ramp?: FiatOnRampAppConfig;
  captcha_enabled: boolean;
  captcha_site_key: string | null;
  /** Where the widget loads Turnstile's api.js from; null for CAPTCHA_SCRIPT_URL (§4.3). */
  captcha_script_url: string | null;
  twitter_oauth_on_mobile_enabled: boolean;
  /** The MFA methods the app offers for enrolment (§3); an enrolled method is always verified. */
  mfa_methods: MfaMethod[];
  /** §4.8: the widget raises `mfa:required` instead of prompting. */
  no_prompt_on_mfa_required: boolean;
  enforce_wallet_uis: boolean;
  legacy_wallet_ui_config: boolean;
  /**
   * Same-site cookie mode (docs/guide/session-storage.md): the registrable domain the host pages and the
   * provider share (`shop.example` for `auth.shop.example`), or null for storage mode.
   */
  session_cookie_domain: string | null;
  /** Origins allowed to embed the widget and call the API. */
  allowed_origins: string[];
  created_at: number;
  updated_at: number;
}

/** JSON body of every error answer. */
export interface ApiErrorBody {
  code: string;
  message: string;
}
