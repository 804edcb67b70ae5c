/**
 * Wire contract of the provider's `mfa/*` endpoints (§7). The wallet frame is their only caller:
 * like the embedded-wallet endpoints they refuse a browser request from any origin but the
 * provider's own (403 invalid_origin), so the host page never holds an MFA proof. Each takes the
 * access token (Authorization: Bearer) and the gatehouse-app-id header.
 */
import type { UserWire } from './api.js';
import type { MfaMethod } from './mfa.js';
import type { PasskeyCredentialJSON } from './passkey.js';

/**
 * Request header carrying the MFA proof (from a verify answer) to the endpoints that need one:
 * the embedded wallet's auth share, recovery and reshare, unenrolling, and enrolling a second method.
 */
export const MFA_PROOF_HEADER = 'gatehouse-mfa-proof';

export const MFA_API_PATHS = {
  /** POST MfaSmsInitBody → MfaCodeSentResponse: texts a code to enrol a number or to verify. */
  smsInit: '/api/v1/mfa/passwordless_sms/init',
  /** POST MfaSmsEnrollBody → MfaEnrollResponse. */
  smsEnroll: '/api/v1/mfa/passwordless_sms/enroll',
  /** POST MfaCodeBody → MfaProofResponse. */
  smsVerify: '/api/v1/mfa/passwordless_sms/verify',
  /** POST (empty) → MfaTotpInitResponse: a new secret, pending until enrolled. */
  totpInit: '/api/v1/mfa/totp/init',
  /** POST MfaCodeBody → MfaEnrollResponse. */
  totpEnroll: '/api/v1/mfa/totp/enroll',
  /** POST MfaCodeBody → MfaProofResponse. */
  totpVerify: '/api/v1/mfa/totp/verify',
  /**
   * POST (empty) → PasskeyOptionsResponse (passkey.ts; get, allowCredentials: the user's passkeys):
   * the challenge of an enrolment, after its step-up (a user with a wallet) and a fresh proof (a
   * user with a method). 400 passkey_not_found when the user has no passkey (add one first).
   */
  passkeyInit: '/api/v1/mfa/passkey/init',
  /** POST MfaPasskeyBody → MfaEnrollResponse: an assertion over a `passkeyInit` challenge (a fresh proof as for init). */
  passkeyEnroll: '/api/v1/mfa/passkey/enroll',
  /** POST MfaPasskeyBody → MfaProofResponse: an assertion over a passkey.ts `verifyInit` challenge. */
  passkeyVerify: '/api/v1/mfa/passkey/verify',
  /** POST MfaUnenrollBody → MfaUserResponse (needs a fresh proof). */
  unenroll: '/api/v1/mfa/unenroll',
} as const;

/** `action` of `mfa/passwordless_sms/init` (§7): 'enroll' (with `phoneNumber`), any other verifies. */
export const MFA_SMS_ACTIONS = { enroll: 'enroll', verify: 'verify' } as const;

/**
 * `mfa/passwordless_sms/init`. `phoneNumber` (E.164, or international with spaces) is required
 * when `action` is 'enroll'; otherwise the code goes to the enrolled number.
 */
export interface MfaSmsInitBody {
  action: string;
  phoneNumber?: string;
}

/** `mfa/passwordless_sms/enroll`: the number the code went to, and the code. */
export interface MfaSmsEnrollBody {
  phoneNumber: string;
  code: string;
}

/** `mfa/totp/enroll`, `mfa/totp/verify` and `mfa/passwordless_sms/verify`: six digits. */
export interface MfaCodeBody {
  code: string;
}

/** `mfa/passkey/enroll` and `mfa/passkey/verify`: the credential as the surface's `toJSON()` gave it. */
export interface MfaPasskeyBody {
  response: PasskeyCredentialJSON;
}

export interface MfaUnenrollBody {
  method: MfaMethod;
}

/** Answer of `mfa/passwordless_sms/init`. */
export interface MfaCodeSentResponse {
  success: true;
}

/** Answer of `mfa/totp/init`: what the authenticator app needs, shown to the user (QR and text). */
export interface MfaTotpInitResponse {
  /** `otpauth://totp/<app>:<user>?secret=…&issuer=<app>&algorithm=SHA1&digits=6&period=30`. */
  authUrl: string;
  /** The shared secret, base32 (what the URI carries). */
  secret: string;
}

/**
 * A successful verification: the proof to send in MFA_PROOF_HEADER, bound to the user, the app
 * and the session of the access token, valid until `expires_at` (unix seconds).
 */
export interface MfaProofResponse {
  proof: string;
  expires_at: number;
}

/** Answer of `unenroll`: the user with its `mfa_methods` updated. */
export interface MfaUserResponse {
  user: UserWire;
}

/** Answer of the enroll calls: the updated user, and a proof (enrolling just proved the factor). */
export interface MfaEnrollResponse extends MfaUserResponse, MfaProofResponse {}
