import type { ColumnType } from 'kysely';
import type { FarcasterTables } from './farcaster-schema.js';
import type { DeveloperTables } from './schema-developer.js';
import type { WalletChallengesTable, WalletDevicesTable } from './schema-devices.js';
import type { MfaChallengesTable, MfaMethodsTable, MfaProofsTable } from './schema-mfa.js';
import type { StepUpTicketsTable } from './schema-step-up.js';

/**
 * Table types. Dialect-neutral storage: times are bigint milliseconds (read back through
 * Number(), since PostgreSQL returns bigint as a string), booleans integer 0/1, JSON as text.
 */
type DbInteger = ColumnType<number | string | bigint, number, number>;
export type Millis = DbInteger;
export type NullableMillis = ColumnType<number | string | bigint | null, number | null, number | null>;
export type Flag = DbInteger;
export type Count = DbInteger;

export interface AppsTable {
  id: string;
  name: string;
  /** JSON of the stored part of AppConfigWire (see services/app-config.ts). */
  config: string;
  created_at: Millis;
  updated_at: Millis;
}

export interface AppOriginsTable {
  app_id: string;
  /** Normalized with `new URL(x).origin`. */
  origin: string;
}

export interface SigningKeysTable {
  kid: string;
  /** Private JWK, AES-256-GCM encrypted under a key derived from the server secret. */
  private_jwk: string;
  public_jwk: string;
  created_at: Millis;
  /** When it starts to sign: the newest key past this time signs (services/signing-keys.ts). */
  signs_from: Millis;
}

export interface UsersTable {
  id: string;
  app_id: string;
  created_at: Millis;
  has_accepted_terms: Flag;
}

export interface LinkedAccountsTable {
  id: string;
  user_id: string;
  app_id: string;
  type: string;
  /** Normalized identifier, unique per (app, type): the lowercased email for `email`. */
  subject: string;
  /** JSON of the type's wire fields beyond the subject. */
  data: string;
  /**
   * The email address the account proves, when it is not an `email` account: a social account's
   * email that its provider verified (an unverified one is only in `data`). Server-only.
   */
  verified_email: string | null;
  first_verified_at: Millis;
  latest_verified_at: Millis;
  /** 1: trusted at once as a factor: the signup account, or linked under a step-up (step-up-factors.ts). */
  stepped_up: ColumnType<number | string | bigint, number | undefined, number>;
}

export interface OneTimeCodesTable {
  app_id: string;
  channel: string;
  destination: string;
  /** HMAC-SHA256 of app|destination|code, hex. */
  code_hash: string;
  attempts: Count;
  expires_at: Millis;
  consumed_at: NullableMillis;
  created_at: Millis;
}

export interface SessionsTable {
  id: string;
  app_id: string;
  user_id: string;
  created_at: Millis;
  expires_at: Millis;
  revoked_at: NullableMillis;
  /** When the user logged in interactively; a refresh or a fork keeps it (null: created_at). */
  auth_time: ColumnType<number | string | bigint | null, number | null | undefined, number | null>;
}

export interface RefreshTokensTable {
  /** HMAC-SHA256 of the token, hex. */
  token_hash: string;
  session_id: string;
  created_at: Millis;
  expires_at: Millis;
  used_at: NullableMillis;
  replaced_by: string | null;
  /** Tokens minted from this one after it was spent, within the grace window (at most one). */
  grace_siblings: ColumnType<number | string | bigint, number | undefined, number>;
}

/** The escalating lockout of one code destination (services/code-lockout.ts). */
export interface CodeLockoutsTable {
  app_id: string;
  channel: string;
  destination: string;
  /** Wrong codes against a live code since the count last started. */
  wrong_codes: Count;
  last_wrong_at: Millis;
  /** 0 when not locked. */
  locked_until: Millis;
}

export interface RateLimitBucketsTable {
  key: string;
  window_start: Millis;
  count: Count;
}

/** Server-only settings of an app (captcha secret, …), never in the public configuration. */
export interface AppSecretsTable {
  app_id: string;
  name: string;
  /** AES-256-GCM under a key derived from the server secret (Secrets.encrypt). */
  value: string;
  updated_at: Millis;
}

/** Client analytics events (§7), as posted; see services/analytics.ts. */
export interface AnalyticsEventsTable {
  id: string;
  app_id: string;
  event_name: string;
  client_id: string;
  /** JSON object, at most ANALYTICS_PAYLOAD_MAX_BYTES. */
  payload: string;
  created_at: Millis;
}

/**
 * One OAuth login between init and authenticate: the widget's S256 challenge, the host page to
 * return to, and (once the provider has called back) the hashed single-use Gatehouse code with
 * the outcome. The widget's state, our PKCE verifier and nonce towards the provider are encrypted.
 */
export interface OAuthFlowsTable {
  id: string;
  app_id: string;
  provider: string;
  /** HMAC of the state we gave the identity provider. */
  idp_state_hash: string;
  code_challenge: string;
  redirect_to: string;
  /** AES-256-GCM JSON {state, verifier, nonce}. */
  secrets: string;
  /** HMAC of the Gatehouse authorization code; null until the callback. */
  code_hash: string | null;
  /** JSON {account} or {error}; null until the callback. */
  result: string | null;
  created_at: Millis;
  expires_at: Millis;
  consumed_at: NullableMillis;
}

/** Widget modules of the builds served lately (http/widget-archive.ts), by `<version>/…` path. */
export interface WidgetArchiveTable {
  path: string;
  body: string;
  built_at: Millis;
}

export interface Database extends FarcasterTables, DeveloperTables {
  apps: AppsTable;
  widget_archive: WidgetArchiveTable;
  app_origins: AppOriginsTable;
  signing_keys: SigningKeysTable;
  users: UsersTable;
  linked_accounts: LinkedAccountsTable;
  one_time_codes: OneTimeCodesTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  rate_limit_buckets: RateLimitBucketsTable;
  code_lockouts: CodeLockoutsTable;
  app_secrets: AppSecretsTable;
  oauth_flows: OAuthFlowsTable;
  analytics_events: AnalyticsEventsTable;
  wallet_transport_keys: WalletTransportKeysTable;
  embedded_wallets: EmbeddedWalletsTable;
  siwe_nonces: SiweNoncesTable;
  mfa_methods: MfaMethodsTable;
  mfa_challenges: MfaChallengesTable;
  mfa_proofs: MfaProofsTable;
  fiat_on_ramp_purchases: FiatOnRampPurchasesTable;
  wallet_devices: WalletDevicesTable;
  wallet_challenges: WalletChallengesTable;
  step_up_tickets: StepUpTicketsTable;
}

/**
 * A card purchase the provider signed a buy-widget URL for (services/on-ramp.ts): the random
 * external transaction id the on-ramp provider knows it by, with the user and the wallet funded.
 */
export interface FiatOnRampPurchasesTable {
  external_transaction_id: string;
  app_id: string;
  user_id: string;
  /** 'moonpay'. */
  provider: string;
  /** The wallet funded, EIP-55 as linked. */
  address: string;
  use_sandbox: Flag;
  created_at: Millis;
}

/** Sign-In With Ethereum nonces (services/siwe.ts): single use, bound to app and address, stored hashed. */
export interface SiweNoncesTable {
  /** HMAC-SHA256 of app|address|nonce, hex. */
  nonce_hash: string;
  app_id: string;
  /** Lowercase 0x address the nonce was issued for. */
  address: string;
  expires_at: Millis;
  consumed_at: NullableMillis;
  created_at: Millis;
}

/** The server's P-256 key the frame seals wallet shares to (sealed-box.ts); one, made on first start. */
export interface WalletTransportKeysTable {
  /** RFC 7638 thumbprint of the public key. */
  kid: string;
  /** Private JWK, AES-256-GCM under the server secret (Secrets.encrypt). */
  private_jwk: string;
  public_jwk: string;
  created_at: Millis;
}

/**
 * A user's embedded wallet (one per user): the provider's shares, never in clear. `auth_share`
 * is AES-256-GCM under the server's wallet-share key; `recovery` is AES-256-GCM under the
 * distinct recovery key for `gatehouse` recovery, or the frame's PasswordBox JSON (Argon2id of
 * the user's password) for `user-passcode`. See services/wallets.ts.
 */
export interface EmbeddedWalletsTable {
  user_id: string;
  app_id: string;
  /** EIP-55 checksummed. */
  address: string;
  /** 'gatehouse' or 'user-passcode'. */
  recovery_method: string;
  auth_share: string;
  recovery: string;
  created_at: Millis;
  updated_at: Millis;
}
