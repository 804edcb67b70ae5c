/**
 * The texts of provider errors that the client shows too, in a module of their own (no imports):
 * the client takes just these, without the provider's whole error table (api-errors.ts).
 */
/** Shown on ERROR_SCREEN when the login code could not be mailed (the client imports just this text). */
export const MAIL_DELIVERY_FAILED_MESSAGE = 'The login code could not be sent. Please try again later.';

/** §5: `passwordless/update` for a user without an email account. */
export const EMAIL_REQUIRED_FOR_UPDATE_MESSAGE = 'User is required to have an email address to update it.';

/** §8 captcha_failure: Turnstile's siteverify refused the token. */
export const CAPTCHA_FAILURE_MESSAGE = 'You did not pass CAPTCHA. Please try again.';

/** §8 invalid_captcha: an init call without the captcha token the app requires. */
export const INVALID_CAPTCHA_MESSAGE = 'Please try again.';

/** §8 wallet creation: a second embedded wallet for one user. */
export const ONLY_ONE_WALLET_MESSAGE = 'Only one wallet per user is currently allowed';

/** §8 MFA verification: a wrong code (invalid_mfa_code); also MFA_TEXT.invalidCode for the widget. */
export const MFA_INVALID_CODE_MESSAGE = 'The code you entered is not valid';

/** too_many_requests: the provider's rate limits, as the widget and the surface say it too. */
export const TOO_MANY_REQUESTS_MESSAGE = 'Too many requests. Please wait before trying again.';

/** twilio_verification_failed: the code was not delivered by SMS (retryable). */
export const SMS_DELIVERY_FAILED_MESSAGE = 'The login code could not be sent by SMS. Please try again later.';

/** step_up_factor_unavailable: the factor picked for a step-up cannot be used now. */
export const STEP_UP_FACTOR_UNAVAILABLE_MESSAGE = 'This factor cannot confirm it is you right now.';

/** §8 MFA verification: the user closed the prompt (the surface's passkey view says it on a step-up). */
export const MFA_VERIFICATION_CANCELED = 'Verification canceled';

/** §8: unlinking the embedded wallet. */
export const CANNOT_UNLINK_EMBEDDED_WALLET_MESSAGE = 'Cannot unlink an embedded wallet';

/**
 * The provider could not be reached: its API, the widget's files or the wallet frame.
 * `login()` and every wallet call reject with this code and message, and ERROR_SCREEN says so.
 */
export const PROVIDER_UNREACHABLE_CODE = 'provider_unreachable';
export const PROVIDER_UNREACHABLE_MESSAGE = 'The login service could not be reached';

/** §8 recovery: invalid_recovery_pin (the surface shows it under the password field). */
export const INVALID_RECOVERY_PASSWORD_MESSAGE = 'Invalid recovery password, please try again.';

/** §8 wallet creation, recovery and sign: the generic failure. */
export const GENERIC_WALLET_ERROR_MESSAGE = 'An error has occurred, please try again.';
