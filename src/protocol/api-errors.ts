/** Shown on ERROR_SCREEN when the login code could not be mailed (the client imports just this text). */
export const MAIL_DELIVERY_FAILED_MESSAGE = 'The login code could not be sent. Please try again later.';

/**
 * Error codes the provider API answers with (§8), each with its HTTP status and default message.
 * The server answers `{code, message}`; the client maps codes to screen texts in src/core/errors.
 */
export const API_ERRORS = {
  invalid_data: { status: 400, message: 'Invalid request data.' },
  missing_or_invalid_token: { status: 401, message: 'Missing or invalid token.' },
  invalid_origin: { status: 403, message: 'Origin not allowed for this app.' },
  invalid_app_id: { status: 403, message: 'Invalid app ID.' },
  app_not_found: { status: 404, message: 'App not found.' },
  not_found: { status: 404, message: 'Not found.' },
  /** Wrong, expired, spent or exhausted one-time code: the client shows 'Invalid or expired verification code'. */
  invalid_credentials: { status: 422, message: 'Invalid or expired verification code' },
  disallowed_login_method: { status: 403, message: 'This login method is not enabled for this app.' },
  too_many_requests: { status: 429, message: 'Too many requests. Please wait before trying again.' },
  payload_too_large: { status: 413, message: 'Request body is too large.' },
  /** The mail server refused or could not be reached; the code was not delivered (retryable). */
  mail_delivery_failed: { status: 503, message: MAIL_DELIVERY_FAILED_MESSAGE },
  /** Linking an account of a type the user already has (§5); the message names the type. */
  cannot_link_more_of_type: { status: 400, message: 'User already has an account of this type linked.' },
  linked_to_another_user: { status: 400, message: 'This account has already been linked to another user.' },
  account_not_found: { status: 404, message: 'The user has no such linked account.' },
  cannot_unlink_last_account: {
    status: 400,
    message: 'This is the only way to log in to this account, so it cannot be unlinked.',
  },
  /** An init call without the captcha token the app requires (§4.3, §8): the widget resets its captcha. */
  invalid_captcha: { status: 400, message: 'Please try again.' },
  /** Turnstile's siteverify refused the token (§8). */
  captcha_failure: { status: 400, message: 'You did not pass CAPTCHA. Please try again.' },
  /** Turnstile's siteverify could not be reached or answered nonsense; the login can be retried. */
  captcha_unavailable: { status: 503, message: 'The captcha could not be checked. Please try again later.' },
  /** The app's allowlist does not let this account in (§6); the widget shows ALLOWLIST_REJECTION_SCREEN. */
  allowlist_rejected: { status: 403, message: 'This account is not on the allowlist of this app.' },
  /** Twilio refused the message or could not be reached; the code was not delivered (retryable). */
  twilio_verification_failed: {
    status: 503,
    message: 'The login code could not be sent by SMS. Please try again later.',
  },
  /** `passwordless/update` for a user without an email account (§5). */
  email_required_for_update: {
    status: 400,
    message: 'User is required to have an email address to update it.',
  },
  /** The identity provider reports the account as suspended (§8); the widget names the provider. */
  oauth_account_suspended: { status: 403, message: 'The account is suspended at the identity provider.' },
  internal_error: { status: 500, message: 'Internal server error.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ApiErrorCode = keyof typeof API_ERRORS;

/** The §5 text of `cannot_link_more_of_type` for one account type. */
export function cannotLinkMoreOfTypeMessage(type: string): string {
  return `User already has an account of type ${type} linked.`;
}
