/**
 * The MFA texts of §8, written once. The server answers `invalid_mfa_code` with `invalidCode`, the
 * wallet frame sends the verification texts in English (the surface shows them in its language)
 * and uses the enrolment messages; the widget shows the verification texts in its language
 * (core/text/mfa-errors.ts) and throws the enrolment ones from the host API. Kept apart from
 * the catalogue in src/core/errors so the frame and the server can import them, and out of the
 * every-page chunk: only MFA code (loaded with the wallet code) reads this module.
 */
import { MFA_INVALID_CODE_MESSAGE, MFA_VERIFICATION_CANCELED } from './error-messages.js';

export const MFA_TEXT = {
  /** §8 MFA verification: mfa_verification_max_attempts_reached (hint: MFA_MAX_ATTEMPTS_LOCKOUT_MS). */
  maxAttempts:
    'You have exceeded the maximum number of attempts. Please close this window and try again in 10 seconds.',
  /** §8 MFA verification: a wrong code (invalid_mfa_code from the provider, missing_or_invalid_mfa from the frame). */
  invalidCode: MFA_INVALID_CODE_MESSAGE,
  /** §8 MFA verification: mfa_timeout (hint: MFA_TIMEOUT_LOCKOUT_MS). */
  timedOut: 'You have exceeded the time limit for code entry. Please try again in 30 seconds.',
  canceled: MFA_VERIFICATION_CANCELED,
  /** §8 thrown: enrolment without an access token. */
  tokenRequired: 'Must have valid access token to enrol in MFA',
  /** §8 thrown: a method other than sms or totp (passkey included). */
  unsupportedMethod: 'Unsupported MFA method',
  /** showMfaEnrollment() on an app that offers no method, for a user who has none to remove. */
  noMethods:
    'This app offers no two-step verification method: turn one on with `gatehouse apps set <app id> mfa.methods=…`.',
  /** §8 thrown: `LoginWidget.cancelMfa()` (a cancel, §8 wallet error types). */
  mfaCanceled: 'MFA canceled',
  /** initMfa, submitMfa and submitMfaEnrollment: a code never comes from the page any more. */
  codesInSurface:
    "Codes are typed in the wallet's own window, not passed by the page: use LoginWidget.showMfaEnrollment(), or let the wallet call ask for it.",
} as const;
