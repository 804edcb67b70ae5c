/**
 * The wallet frame's MFA messages (§7): the host asks, the frame calls the provider's `mfa/*`
 * endpoints itself and keeps the proof in its memory; the host never sees a proof. Envelopes,
 * origins and replies are those of every frame request (wallet-frame.ts): `{source, id, type, data}`
 * in, `{source, id, type, data}` or `{…, error: {type, message}}` out.
 *
 * Errors (`error.type`, §8 wallet error types): `missing_or_invalid_mfa` (a wrong code on
 * `mfa:verify` / `mfa:submit-enrollment`, or no valid proof for an action that needs one: verify,
 * then ask again), `mfa_verification_max_attempts_reached`, `mfa_timeout`,
 * `twilio_verification_failed` (the SMS was not sent); a message containing 'code 429' is rate
 * limiting; bad fields are `invalid_request_arguments` ('Unsupported MFA method',
 * 'Must have valid access token to enrol in MFA').
 */
import type { UserWire } from './api.js';
import type { MfaMethod } from './mfa.js';

export const MFA_FRAME_REQUESTS = {
  verify: 'mfa:verify',
  initEnrollment: 'mfa:init-enrollment',
  submitEnrollment: 'mfa:submit-enrollment',
  unenroll: 'mfa:unenroll',
  clear: 'mfa:clear',
} as const;
export type MfaFrameRequestType = (typeof MFA_FRAME_REQUESTS)[keyof typeof MFA_FRAME_REQUESTS];

/** Request payloads, host → frame. */
export interface MfaFrameRequestData {
  /**
   * Without `code` (sms only): texts a code to the enrolled number and opens the verification.
   * With `code`: checks it; on success the frame keeps the proof for the session of `accessToken`.
   */
  'mfa:verify': { accessToken: string; method: MfaMethod; code?: string };
  /** totp: a new secret to show. sms: texts a code to `phoneNumber`. Needs a proof when a method is enrolled. */
  'mfa:init-enrollment': { accessToken: string; method: MfaMethod; phoneNumber?: string };
  /** The code from the app or the SMS (`phoneNumber` again for sms). The frame keeps the proof it answers. */
  'mfa:submit-enrollment': { accessToken: string; method: MfaMethod; code: string; phoneNumber?: string };
  /** Needs a fresh proof in the frame (verify first). */
  'mfa:unenroll': { accessToken: string; method: MfaMethod };
  /** Drops the proof and any wallet the frame rebuilt under it (logout, 'MFA canceled'). */
  'mfa:clear': Record<string, never>;
}

/** Reply payloads, frame → host. `expiresAt`: when the frame's proof runs out, epoch milliseconds. */
export interface MfaFrameReplyData {
  'mfa:verify':
    | { method: 'sms'; status: 'code_sent' }
    | { method: MfaMethod; status: 'verified'; expiresAt: number };
  'mfa:init-enrollment':
    | { method: 'totp'; authUrl: string; secret: string }
    | { method: 'sms'; status: 'code_sent' };
  /** `user.mfa_methods` lists the new method; the frame holds a proof until `expiresAt`. */
  'mfa:submit-enrollment': { method: MfaMethod; user: UserWire; expiresAt: number };
  'mfa:unenroll': { method: MfaMethod; user: UserWire };
  'mfa:clear': { cleared: true };
}
