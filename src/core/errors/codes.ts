/**
 * Every error code the client raises or reads (§8), written once. Import the module as a
 * namespace (`import * as CODES from './codes.js'`): each chunk keeps only the codes it uses. The
 * codes the provider's API answers with are the keys of API_ERRORS (protocol/api-errors.ts); the
 * ones the client compares against are named here too, so no code is ever a bare string.
 */

// The client's own (§8 "SDK codes", and the client's failures).
export const timeout = 'client_request_timeout';
/** The provider is unreachable (its API or a file of the widget): the loader raises it too. */
export { PROVIDER_UNREACHABLE_CODE as providerUnreachable } from '../../protocol/error-messages.js';
export const invalidResponse = 'client_invalid_response';
export const invalidInput = 'invalid_data';
export const invalidConfig = 'invalid_config';
export { NOT_READY_CODE as notReady } from '../../protocol/loader.js';
export const mustBeAuthenticated = 'must_be_authenticated';
export const exitedAuthFlow = 'exited_auth_flow';
export const exitedLinkFlow = 'exited_link_flow';
export const failedToLinkAccount = 'failed_to_link_account';
export const unknownMethod = 'unknown_method';
export const unknown = 'unknown_error';

// OAuth (§8).
export const oauthUserDenied = 'oauth_user_denied';
export const unknownAuthError = 'unknown_auth_error';

// Captcha (§8).
export const captchaFailure = 'captcha_failure';
export const captchaTimeout = 'captcha_timeout';

// The embedded wallet (§8).
export const embeddedWalletNotFound = 'embedded_wallet_not_found';
export const embeddedWalletAlreadyExists = 'embedded_wallet_already_exists';
export const passwordAlreadyExists = 'embedded_wallet_password_already_exists';
export const exitedSetPasswordFlow = 'user_exited_set_password_flow';
export const passkeyRecoveryAlreadySet = 'embedded_wallet_passkey_already_set';
export const exitedSetPasskeyFlow = 'user_exited_set_passkey_flow';
export const invalidMessage = 'invalid_message';
export const unableToSign = 'unable_to_sign';
export const unknownEmbeddedWalletError = 'unknown_embedded_wallet_error';
export const missingMfaCredentials = 'missing_mfa_credentials';
export const mfaCanceled = 'mfa_canceled';
export const unsupportedMfaMethod = 'unsupported_mfa_method';
export const mfaNotEnabled = 'mfa_not_enabled';

// Funding (§5, §8).
export const unsupportedFundProvider = 'unsupported_fund_provider';
export const fiatOnRampUnsupportedChain = 'fiat_on_ramp_unsupported_chain';

// External wallets (§8 wallet connect errors).
export const walletAlreadyLinked = 'wallet_already_linked';
export const userRejected = 'user_rejected';
export const userRejectedConnection = 'user_rejected_connection';
export const genericConnectWalletError = 'generic_connect_wallet_error';
export const unknownConnectWalletError = 'unknown_connect_wallet_error';
export const cannotUnlinkEmbeddedWallet = 'cannot_unlink_embedded_wallet';
export const walletNotConnected = 'wallet_not_connected';

// Codes of the provider's API the client acts on (each a key of API_ERRORS).
export const allowlistRejected = 'allowlist_rejected';
export const linkedToAnotherUser = 'linked_to_another_user';
export const invalidCaptcha = 'invalid_captcha';
export const invalidCredentials = 'invalid_credentials';
export const missingOrInvalidToken = 'missing_or_invalid_token';
export const tooManyRequests = 'too_many_requests';
export const disallowedLoginMethod = 'disallowed_login_method';
export const cannotLinkMoreOfType = 'cannot_link_more_of_type';
export const mailDeliveryFailed = 'mail_delivery_failed';
export const twilioVerificationFailed = 'twilio_verification_failed';
export const oauthAccountSuspended = 'oauth_account_suspended';
