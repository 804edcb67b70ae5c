/**
 * The wallet frame's MFA messages (§7): the host asks, the frame calls the provider's `mfa/*`
 * endpoints itself, and every code is typed in the surface (surface.ts): the authenticator's
 * secret and QR code are shown there only, the enrolment and verification codes typed there only.
 * The frame keeps the proof in its memory; the host never sees a code, a secret or a proof.
 * Envelopes, origins and replies are those of every frame request (wallet-frame.ts).
 *
 * A wallet request that needs a verification asks for it in its own surface (error type
 * `missing_or_invalid_mfa` only when it may not ask, or the user gave up). Errors: `user_rejected`
 * (closed), `mfa_verification_max_attempts_reached`, `mfa_timeout`, `twilio_verification_failed`
 * (the SMS was not sent); a message containing 'code 429' is rate limiting; bad fields are
 * `invalid_request_arguments` ('Unsupported MFA method', 'Must have valid access token to enrol in MFA').
 */
import type { UserWire } from './api.js';
import type { MfaMethod } from './mfa.js';

export const MFA_FRAME_REQUESTS = {
  enroll: 'mfa:enroll',
  unenroll: 'mfa:unenroll',
  clear: 'mfa:clear',
} as const;
export type MfaFrameRequestType = (typeof MFA_FRAME_REQUESTS)[keyof typeof MFA_FRAME_REQUESTS];

/** Request payloads, host → frame. */
export interface MfaFrameRequestData {
  /**
   * totp: the secret shown in the surface, then its first code typed there. sms: a code texted to
   * `phoneNumber` (typed on the host's screen: a number is no secret), typed in the surface.
   * passkey: an assertion by one of the user's passkeys in the surface (a user with none adds one
   * there first, as `passkey:link`). With a
   * wallet, a step-up first; with a method enrolled, a verification first — both in the surface.
   * `address`: the user's embedded wallet, which approves the step-up on a device that holds it
   * when no code can (the `wallet` factor, as for `wallet:step-up`).
   */
  'mfa:enroll': { accessToken: string; method: MfaMethod; phoneNumber?: string; address?: string };
  /** After a verification (and, with a wallet, a step-up) in the surface. `address`: as for enrol. */
  'mfa:unenroll': { accessToken: string; method: MfaMethod; address?: string };
  /** Drops the proof and any wallet the frame rebuilt under it (logout). */
  'mfa:clear': Record<string, never>;
}

/** Reply payloads, frame → host. `expiresAt`: when the frame's proof runs out, epoch milliseconds. */
export interface MfaFrameReplyData {
  /** `user.mfa_methods` lists the new method; the frame holds a proof until `expiresAt`. */
  'mfa:enroll': { method: MfaMethod; user: UserWire; expiresAt: number };
  'mfa:unenroll': { method: MfaMethod; user: UserWire };
  'mfa:clear': { cleared: true };
}
