/** The two-step verification tables (services/mfa*.ts). */
import type { ColumnType } from 'kysely';
import type { Count, Millis, NullableMillis } from './columns.js';

/**
 * A user's MFA method (services/mfa/mfa.ts): pending from init until the first right code
 * (`verified_at` null), enrolled after. `secret` is sealed under the step-up key
 * (services/mfa/mfa-secrets.ts), JSON {user, type, value}: the authenticator's base32 secret, or the
 * E.164 number for sms.
 */
export interface MfaMethodsTable {
  user_id: string;
  app_id: string;
  /** 'sms' or 'totp'. */
  type: string;
  secret: string;
  /** TOTP: the last time step accepted; a code of that step or an earlier one is refused (replay). */
  last_step: NullableMillis;
  created_at: Millis;
  verified_at: NullableMillis;
  /** 1: enrolled while the user had an embedded wallet, so under a step-up (a factor at once). */
  stepped_up: ColumnType<number | string | bigint, number | undefined, number>;
}

/**
 * The user's current MFA verification (services/mfa/mfa-challenges.ts): one per user, so wrong codes
 * count across sessions and devices. Closed by success, by the last wrong code or by a timeout;
 * the last two lock new verifications until `locked_until`.
 */
export interface MfaChallengesTable {
  user_id: string;
  app_id: string;
  method: string;
  started_at: Millis;
  attempts: Count;
  closed_at: NullableMillis;
  locked_until: NullableMillis;
  /** The error answered during the lock: mfa_verification_max_attempts_reached or mfa_timeout. */
  lock_reason: string | null;
  /** Wrong codes across the user's challenges (the escalating lockout); 0 after a right code. */
  wrong_codes: ColumnType<number | string | bigint, number | undefined, number>;
  last_wrong_at: NullableMillis;
}

/** A successful verification's proof, stored as an HMAC under the step-up key, bound to app, user and session (services/mfa/mfa.ts). */
export interface MfaProofsTable {
  proof_hash: string;
  app_id: string;
  user_id: string;
  session_id: string;
  created_at: Millis;
  expires_at: Millis;
}

export interface MfaTables {
  mfa_methods: MfaMethodsTable;
  mfa_challenges: MfaChallengesTable;
  mfa_proofs: MfaProofsTable;
}
