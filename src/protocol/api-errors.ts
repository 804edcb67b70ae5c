import {
  CANNOT_UNLINK_EMBEDDED_WALLET_MESSAGE,
  CAPTCHA_FAILURE_MESSAGE,
  EMAIL_REQUIRED_FOR_UPDATE_MESSAGE,
  INVALID_CAPTCHA_MESSAGE,
  MAIL_DELIVERY_FAILED_MESSAGE,
  MFA_INVALID_CODE_MESSAGE,
  ONLY_ONE_WALLET_MESSAGE,
  SMS_DELIVERY_FAILED_MESSAGE,
  STEP_UP_FACTOR_UNAVAILABLE_MESSAGE,
  TOO_MANY_REQUESTS_MESSAGE,
} from './error-messages.js';
import {
  FARCASTER_ACCOUNT_REQUIRED_MESSAGE,
  FARCASTER_EMBEDDED_WALLET_REQUIRED_MESSAGE,
  FARCASTER_SIGNER_REQUIRED_MESSAGE,
} from './farcaster.js';
import { FIAT_ON_RAMP_NOT_ENABLED_MESSAGE } from './funding.js';
import { PASSKEY_ERRORS } from './passkey.js';

export * from './error-messages.js';

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
  too_many_requests: { status: 429, message: TOO_MANY_REQUESTS_MESSAGE },
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
  invalid_captcha: { status: 400, message: INVALID_CAPTCHA_MESSAGE },
  /** Turnstile's siteverify refused the token (§8). */
  captcha_failure: { status: 400, message: CAPTCHA_FAILURE_MESSAGE },
  /** Turnstile's siteverify could not be reached or answered nonsense; the login can be retried. */
  captcha_unavailable: { status: 503, message: 'The captcha could not be checked. Please try again later.' },
  /** The app's allowlist does not let this account in (§6); the widget shows ALLOWLIST_REJECTION_SCREEN. */
  allowlist_rejected: { status: 403, message: 'This account is not on the allowlist of this app.' },
  /** Twilio refused the message or could not be reached; the code was not delivered (retryable). */
  twilio_verification_failed: { status: 503, message: SMS_DELIVERY_FAILED_MESSAGE },
  /** `passwordless/update` for a user without an email account (§5). */
  email_required_for_update: { status: 400, message: EMAIL_REQUIRED_FOR_UPDATE_MESSAGE },
  /** The identity provider reports the account as suspended (§8); the widget names the provider. */
  oauth_account_suspended: { status: 403, message: 'The account is suspended at the identity provider.' },
  /** `POST embedded_wallets` for a user who has one (§5, §8 wallet creation). */
  embedded_wallet_already_exists: { status: 400, message: ONLY_ONE_WALLET_MESSAGE },
  /** The user has no embedded wallet at this address (§8 SDK code embedded_wallet_not_found). */
  embedded_wallet_not_found: { status: 404, message: 'The user has no embedded wallet at this address.' },
  /** §8: the embedded wallet stays linked for good. */
  cannot_unlink_embedded_wallet: { status: 400, message: CANNOT_UNLINK_EMBEDDED_WALLET_MESSAGE },
  /** §5: an embedded wallet's address cannot be linked as a wallet or used to log in. */
  embedded_wallet_not_linkable: {
    status: 400,
    message: 'An embedded wallet cannot be linked or used to log in.',
  },
  /** A sealed wallet share that does not open with the server's transport key (sealed elsewhere or altered). */
  invalid_wallet_share: { status: 400, message: 'The wallet share could not be opened.' },
  /**
   * A share request, creation, reshare or device change without a valid device proof: none, not
   * signed by the key it names, not over this request (method, path, body), or over a challenge
   * that is unknown, expired, spent or of another session.
   */
  invalid_device_proof: { status: 403, message: 'A valid device proof is required for this request.' },
  /** The device key is not (or no longer) registered for this wallet: recover the wallet on this device. */
  wallet_device_not_registered: {
    status: 403,
    message: 'This device is not registered for this wallet. Recover the wallet on it.',
  },
  /**
   * The request needs a step-up first (step-up.ts): the answer carries the ticket a factor must
   * approve in the wallet's surface; the request then goes through.
   */
  step_up_required: {
    status: 403,
    message: 'Confirm it is you first: this change needs a code from a factor you already have.',
  },
  /** A factor that cannot approve this ticket (not the user's, linked too recently, or not for this action). */
  step_up_factor_unavailable: { status: 403, message: STEP_UP_FACTOR_UNAVAILABLE_MESSAGE },
  /**
   * A silent-recovery (`gatehouse`) wallet for a user with no factor to confirm a new device with:
   * the wallet is made with a recovery password instead.
   */
  recovery_password_required: {
    status: 403,
    message: 'Set a recovery password: nothing else could load this wallet on a new device.',
  },
  /** The address signature of a creation or reshare does not recover to the wallet's address. */
  invalid_address_proof: { status: 422, message: 'The signature does not prove the wallet address.' },
  /** `token_price` for a token without a known price source. */
  token_price_not_found: { status: 404, message: 'No price is known for this token.' },
  /** The price source could not be reached or answered nonsense; the UI shows native amounts only. */
  token_price_unavailable: { status: 503, message: 'The token price is not available right now.' },
  /** Sign-In With Ethereum (§5): the message is malformed or not for this app, origin or time. */
  invalid_siwe_message: { status: 400, message: 'The sign-in message is not valid for this app.' },
  /** The nonce was not issued for this address, has expired or was used already. */
  invalid_siwe_nonce: { status: 422, message: 'The sign-in nonce is invalid, expired or already used.' },
  /** The signature recovers to another address (and no contract account accepts it). */
  invalid_siwe_signature: { status: 422, message: 'The signature does not match the wallet address.' },
  siwe_chain_not_supported: { status: 400, message: 'This chain is not supported by this app.' },
  /**
   * A wallet share, a reshare or an MFA change asked by a user with MFA, without a valid proof
   * (MFA_PROOF_HEADER) of this user and session: verify, then ask again (§6).
   */
  missing_or_invalid_mfa: { status: 403, message: 'A valid MFA verification is required for this action.' },
  /** A wrong, reused or spent MFA code; the verification stays open until MFA_MAX_ATTEMPTS wrong codes. */
  invalid_mfa_code: { status: 422, message: MFA_INVALID_CODE_MESSAGE },
  /** The MFA_MAX_ATTEMPTS-th wrong code, and any verification during the lockout that follows (§4.8). */
  mfa_verification_max_attempts_reached: {
    status: 403,
    message: 'Too many wrong codes. Try again in a few seconds.',
  },
  /** A code for a verification older than MFA_CODE_WAIT_MS (§4.8), and any during the lockout that follows. */
  mfa_timeout: {
    status: 400,
    message: 'The time limit for code entry has passed. Try again in a few seconds.',
  },
  /** Verifying or removing a method the user has not enrolled. */
  mfa_not_enrolled: { status: 400, message: 'This MFA method is not enrolled.' },
  /** Enrolling a method the user has already enrolled. */
  mfa_already_enrolled: { status: 400, message: 'This MFA method is already enrolled.' },
  /** §5, §8: the app has the fiat on-ramp off (`fiat_on_ramp_enabled`). */
  fiat_on_ramp_not_enabled: { status: 403, message: FIAT_ON_RAMP_NOT_ENABLED_MESSAGE },
  /** The on-ramp is on but the app lacks the provider's keys; the operator must set them. */
  fiat_on_ramp_unavailable: {
    status: 503,
    message: 'Card funding is not set up for this app yet. Please try again later.',
  },
  // ---- Farcaster (farcaster.ts) ----
  /** The Sign In With Farcaster message is malformed or not for this app, channel or time. */
  invalid_farcaster_message: {
    status: 400,
    message: 'The Sign In With Farcaster message is not valid for this app.',
  },
  /** The message's nonce is not the one issued for this channel, or was used, or expired. */
  invalid_farcaster_nonce: {
    status: 422,
    message: 'The sign-in nonce is not the one of this channel, or it was used or expired.',
  },
  /** The signature is not the fid's custody address's (per the ID registry), EOA or ERC-1271. */
  invalid_farcaster_signature: {
    status: 422,
    message: 'The signature is not by the custody address of this Farcaster account.',
  },
  /** No channel of this app has this token (never opened here, or expired). */
  farcaster_channel_not_found: { status: 404, message: 'No such Farcaster sign-in channel.' },
  /** The relay, the ID registry's RPC, the signed key request API or the hub could not answer. */
  farcaster_unavailable: { status: 503, message: 'Farcaster could not be reached. Please try again later.' },
  /** §5: Farcaster actions and signers need an embedded wallet. */
  embedded_wallet_required: { status: 400, message: FARCASTER_EMBEDDED_WALLET_REQUIRED_MESSAGE },
  /** §5: … a linked Farcaster account. */
  farcaster_account_required: { status: 400, message: FARCASTER_ACCOUNT_REQUIRED_MESSAGE },
  /** §5: … and a signer the user approved (the message must be signed by it, for the user's fid). */
  farcaster_signer_required: { status: 403, message: FARCASTER_SIGNER_REQUIRED_MESSAGE },
  /** The app has no Farcaster identity (fid and custody key) to request signers with. */
  farcaster_signer_unavailable: {
    status: 503,
    message: 'This app cannot request Farcaster signers: its Farcaster fid and custody key are not set.',
  },
  /** The signer request passed its deadline without an approval. */
  farcaster_signer_expired: {
    status: 410,
    message: 'The signer request expired before it was approved. Request a new one.',
  },
  /** The submitted message is not a well-formed signed Farcaster message of a supported type. */
  invalid_farcaster_submission: { status: 400, message: 'The Farcaster message is not valid.' },
  /** The hub refused the message (its reason is in the message). */
  farcaster_message_rejected: { status: 400, message: 'The Farcaster hub refused the message.' },
  // ---- Passkeys (passkey.ts PASSKEY_ERRORS) ----
  invalid_passkey_challenge: { status: 400, message: PASSKEY_ERRORS.invalidChallenge.message },
  passkey_verification_failed: { status: 400, message: PASSKEY_ERRORS.verificationFailed.message },
  passkey_not_found: { status: 400, message: PASSKEY_ERRORS.unknownCredential.message },
  passkey_already_linked: { status: 400, message: PASSKEY_ERRORS.alreadyLinked.message },
  passkey_in_use: { status: 400, message: PASSKEY_ERRORS.inUseForRecovery.message },
  /** Server-to-server API: missing or wrong `appId:secret` (one answer, never which part was wrong). */
  invalid_app_credentials: { status: 401, message: 'Invalid app credentials.' },
  /** Server-to-server API: no such user in the app. */
  user_not_found: { status: 404, message: 'User not found.' },
  // ---- The operator console (/api/v1/console/*) ----
  /** A `gatehouse console link` URL that was used, expired or never made. */
  console_link_invalid: {
    status: 401,
    message: 'This sign-in link is used, expired or unknown: run gatehouse console link for a new one.',
  },
  /** No operator session: none, expired, signed out, or its operator was removed. */
  console_session_required: { status: 401, message: 'Sign in to the console first.' },
  /** A console request whose Origin is not the provider's own. */
  console_origin_refused: {
    status: 403,
    message: "The console's API answers only pages of the provider's own origin.",
  },
  /** A console change without its session's CSRF token (header x-gatehouse-csrf), or with another session's. */
  console_csrf_invalid: {
    status: 403,
    message: 'Missing or stale CSRF token: read it again from GET /api/v1/console/session.',
  },
  /** Deleting an app in the console without its name typed exactly in `confirm`. */
  console_confirm_mismatch: {
    status: 400,
    message: "Type the app's name exactly in 'confirm' to delete it.",
  },
  internal_error: { status: 500, message: 'Internal server error.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ApiErrorCode = keyof typeof API_ERRORS;

/** The §5 text of `cannot_link_more_of_type` for one account type. */
export function cannotLinkMoreOfTypeMessage(type: string): string {
  return `User already has an account of type ${type} linked.`;
}

/** The text of `siwe_chain_not_supported` for the chain a message names. */
export function siweChainNotSupportedMessage(chainId: number): string {
  return `Chain ID ${chainId} is not supported by this app.`;
}
