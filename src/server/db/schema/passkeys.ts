/** The users' passkeys and the challenges of their ceremonies (migration 0022, services/passkeys). */
import type { Count, Flag, Millis, NullableMillis } from './columns.js';

/** A WebAuthn credential of a user, as `@simplewebauthn/server` verified it at registration. */
export interface PasskeysTable {
  id: string;
  app_id: string;
  user_id: string;
  /** The user's `passkey` linked account (its subject is the credential id); deleting it deletes this row. */
  account_id: string;
  /** base64url; unique per app. */
  credential_id: string;
  /** The WebAuthn user.id the credential was made for, base64url. */
  user_handle: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The signature counter last seen (0 for authenticators that keep none). */
  counter: Count;
  /** JSON array of the transports the browser reported. */
  transports: string;
  /** `singleDevice` or `multiDevice` (the backup-eligible flag). */
  device_type: string;
  /** 1: backed up (the backup-state flag) when last seen. */
  backed_up: Flag;
  aaguid: string;
  authenticator_name: string | null;
  created_at: Millis;
  last_used_at: NullableMillis;
}

/**
 * A challenge the provider issued for one ceremony (PASSKEY_CHALLENGE_TTL_MS), stored hashed and
 * consumed by the first answer, right or wrong.
 */
export interface PasskeyChallengesTable {
  challenge_hash: string;
  app_id: string;
  /** login, signup, link or verify. */
  purpose: string;
  /** The user it was issued to (link, verify); null for login and signup. */
  user_id: string | null;
  /** The WebAuthn user.id of a registration, base64url. */
  user_handle: string | null;
  created_at: Millis;
  expires_at: Millis;
  consumed_at: NullableMillis;
  /**
   * A login's or sign-up's: when the captcha that let the first of the visitor's tries start was
   * passed (a later try's challenge carries it on), null for a link or a verification.
   */
  gate_passed_at: NullableMillis;
}

export interface PasskeyTables {
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
}
