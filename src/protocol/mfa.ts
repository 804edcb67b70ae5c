/**
 * Two-step verification (MFA, §1, §3, §4.8, §9): the methods and the spec constants. The wire
 * contract of the provider's `mfa/*` endpoints is mfa-api.ts, the frame messages mfa-frame.ts,
 * the texts of §8 mfa-text.ts.
 */

/**
 * The MFA methods a user can enrol (§9). `passkey`: one of the user's passkeys (passkey.ts),
 * proven by an assertion in the surface; any of them answers a verification.
 */
export const MFA_METHODS = ['sms', 'totp', 'passkey'] as const;
export type MfaMethod = (typeof MFA_METHODS)[number];

export function isMfaMethod(value: unknown): value is MfaMethod {
  return (MFA_METHODS as readonly unknown[]).includes(value);
}

/** §4.8, §9: wrong codes allowed per verification; the last one ends it with mfa_verification_max_attempts_reached. */
export const MFA_MAX_ATTEMPTS = 4;
/** §4.8, §9: how long a verification waits for its code; later is mfa_timeout. */
export const MFA_CODE_WAIT_MS = 300_000;
/** §8, §9: after mfa_verification_max_attempts_reached, a new verification may start after this. */
export const MFA_MAX_ATTEMPTS_LOCKOUT_MS = 10_000;
/** §8, §9: after mfa_timeout, a new verification may start after this. */
export const MFA_TIMEOUT_LOCKOUT_MS = 30_000;

/** The authenticator app's codes (RFC 6238): what the `otpauth://totp/` URI announces. */
export const TOTP_PARAMETERS = {
  algorithm: 'SHA1',
  digits: 6,
  periodSeconds: 30,
  /** Codes of one period before or after the current one are accepted too (clock drift). */
  window: 1,
} as const;
