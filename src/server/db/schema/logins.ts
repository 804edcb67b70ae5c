/** The state of logins in progress: one-time codes and their lockouts, OAuth flows, SIWE nonces. */
import type { Count, Millis, NullableMillis } from './columns.js';

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

/** The escalating lockout of one code destination (services/login/code-lockout.ts). */
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

/** Sign-In With Ethereum nonces (services/login/siwe.ts): single use, bound to app and address, stored hashed. */
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

export interface LoginTables {
  one_time_codes: OneTimeCodesTable;
  code_lockouts: CodeLockoutsTable;
  oauth_flows: OAuthFlowsTable;
  siwe_nonces: SiweNoncesTable;
}
