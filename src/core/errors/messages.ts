/**
 * The catalogue: every text a user or a host developer reads, written once (§2.3, §5, §8).
 * Screens and core import these; nothing else spells them.
 */
import { API_ERRORS, MAIL_DELIVERY_FAILED_MESSAGE } from '../../protocol/api-errors.js';
import type { OAuthProvider } from '../../protocol/constants.js';
import { INVALID_APP_ID_MESSAGE } from '../../protocol/loader.js';

export { INVALID_APP_ID_MESSAGE };

/** Error and warning messages (§5, §8). */
export const MESSAGES = {
  requestTimedOut: 'Request timed out',
  invalidEmail: 'Please enter a valid email address.',
  emailRequired: 'Email is required to send a code.',
  phoneRequired: 'Phone number is required to send a code.',
  invalidPhone: 'Please enter a valid phone number.',
  emailRequiredForUpdate: API_ERRORS.email_required_for_update.message,
  exitedLinkFlow: 'The modal was closed before the account was linked.',
  mustEnableOneLoginMethod: 'You must enable at least one login method',
  loginMethodsConflict:
    'loginMethods and loginMethodsAndOrder should not both be set; loginMethodsAndOrder is used.',
  walletListConflict:
    'appearance.walletList and loginMethodsAndOrder should not both be set; the wallets of loginMethodsAndOrder are used.',
  tooManyPrimaryLoginMethods: (count: number) =>
    `loginMethodsAndOrder.primary lists ${count} methods; at most 4 are recommended, the rest go under 'More options'.`,
  duplicateLoginMethod: (method: string) =>
    `Dropped duplicate login method "${method}" from the configuration.`,
  unknownLoginMethod: (method: string) => `Ignoring unknown login method "${method}".`,
  codeShouldBeNumeric: 'Code should be numeric',
  passcodeOnlyNumbers: 'Passcode can only be numbers',
  passcodeExactLength: 'Passcode must be exactly 6 numbers',
  invalidOrExpiredCode: 'Invalid or expired verification code',
  issueVerifyingCode: 'Issue verifying code',
  tooManyRequests: 'Too many requests. Please wait before trying again.',
  mailDeliveryFailed: MAIL_DELIVERY_FAILED_MESSAGE,
  noAuthFlow: 'No auth flow in progress.',
  alreadyLoggedIn: 'Attempted to log in, but the user is already logged in.',
  unexpectedResponse: 'Gatehouse answered with an unexpected response.',
  unknownLinkedAccount: (type: string) => `Ignoring a linked account of unknown type "${type}".`,
  unreachable: (apiUrl: string) => `Gatehouse could not be reached at ${apiUrl}.`,
  requestFailed: (status: number) => `Gatehouse answered with status ${status}.`,
  appConfigFailed: (appId: string, reason: string) =>
    `Gatehouse could not load the configuration of app ${appId}: ${reason}`,
  unknownMethod: (method: string) => `LoginWidget has no method "${method}".`,
  invalidConfig: (field: string, value: unknown) =>
    `Invalid Gatehouse configuration: ${field} = ${JSON.stringify(value)}.`,
  oauthUserDenied: 'User denied confirmation during OAuth flow',
  oauthInvalidCode: 'Invalid code during OAuth flow.',
  oauthUnexpectedFlow: 'Unexpected auth flow, possibly a phishing attempt',
  oauthMissingVerifier: 'Authentication error.',
  oauthUnknownProvider: (provider: string) => `Unknown OAuth provider "${provider}".`,
  oauthRetry: (provider: string) => `Retry and check ${provider} to finish connecting your account.`,
  oauthAccountSuspended: (provider: string) =>
    `Your ${provider} account is suspended. Please try another login method.`,
  linkedToAnotherUser: 'This account has already been linked to another user.',
  inAppBrowser:
    "It looks like you're using an in-app browser. To log in, please try again using an external browser.",
} as const;

/** How each social provider is named on screen. */
export const OAUTH_PROVIDER_NAMES: Record<OAuthProvider, string> = {
  google: 'Google',
  twitter: 'Twitter',
  discord: 'Discord',
  github: 'GitHub',
  spotify: 'Spotify',
  tiktok: 'TikTok',
  linkedin: 'LinkedIn',
  apple: 'Apple',
};

/** Copy of the screens (§2.3, §8). */
export const UI_TEXT = {
  loginTitle: 'Log in or sign up',
  loadingTitle: 'Loading',
  emailLabel: 'Email address',
  emailPlaceholder: 'your@email.com',
  submit: 'Submit',
  termsFooter: 'By logging in I agree to the Terms of Service',
  termsFooterStart: 'By logging in I agree to the',
  terms: 'Terms',
  and: 'and',
  privacyPolicy: 'Privacy Policy',
  codeTitle: 'Enter confirmation code',
  codeSentTo: 'Please check your email for a code sent to',
  codeSentToPhone: 'Please check your phone for a code sent to',
  phoneLabel: 'Phone number',
  countryLabel: 'Country',
  phonePlaceholder: 'Phone number',
  moreOptions: 'More options',
  otherSocials: 'Other socials',
  continueWithEmail: 'Continue with Email',
  continueWithSms: 'Continue with SMS',
  continueWith: (provider: string) => `Continue with ${provider}`,
  linkEmailTitle: 'Link your email',
  linkPhoneTitle: 'Link your phone number',
  updateEmailTitle: 'Update your email',
  updateEmailCurrent: 'Your current email is',
  linkSuccess: 'Account linked successfully',
  updateSuccess: 'Email updated successfully',
  loadingPhoneField: 'Loading the phone field…',
  digit: (n: number) => `Digit ${n}`,
  resendCode: 'Resend code',
  codeResent: 'A new code is on its way.',
  didNotGetCode: "Didn't get a code?",
  verifying: 'Verifying…',
  loginSuccess: 'Logged in successfully',
  close: 'Close',
  back: 'Back',
  appLogo: (name: string) => `${name} logo`,
  oauthVerifying: (provider: string) => `Verifying connection to ${provider}`,
  oauthVerifyingDetail: 'Just a few moments more',
  oauthConnected: (provider: string) => `Successfully connected with ${provider}`,
  oauthRedirecting: (provider: string) => `Redirecting to ${provider}`,
  inAppBrowserTitle: 'Could not log in with provider',
} as const;

/** Title, detail and button of ERROR_SCREEN (§8). */
export const ERROR_SCREEN_TEXT = {
  timedOutTitle: 'Timed out',
  tryAgain: 'Try again',
  somethingWentWrong: 'Something went wrong',
  tryAgainLater: 'Try again later',
  notAllowed: 'Not allowed',
  tryAnotherMethod: 'Try another method',
  invalidCredentials: 'Something went wrong. Try again.',
  authenticationFailed: 'Authentication failed',
} as const;

/** AFFIRMATIVE_CONSENT_SCREEN (§2.2, §4.2). */
export const CONSENT_TEXT = {
  title: 'One last step',
  detail: 'Before you continue, please review and accept the terms of this app.',
  viewTerms: 'View Terms',
  viewPrivacyPolicy: 'View Privacy Policy',
  decline: 'No thanks',
  accept: 'Accept',
  /** Accepting failed (the network, the session): the screen stays, with this alert. */
  acceptFailed: 'Your answer could not be saved. Please try again.',
} as const;

/** ALLOWLIST_REJECTION_SCREEN: the defaults of §6, used where the app configures no text of its own. */
export const ALLOWLIST_TEXT = {
  title: "You don't have access to this app",
  detail: 'Have you been invited?',
  cta: 'Try another account',
} as const;

/** Session fork, custom auth and the other session-level messages (§4.1, §8). */
export const SESSION_MESSAGES = {
  mustBeAuthenticated: 'User must be authenticated',
  customAuthFailed: (reason: string) =>
    `Gatehouse could not log in with the host's custom auth token: ${reason}`,
  customAuthTokenFailed: (reason: string) => `getCustomAccessToken() failed: ${reason}`,
  customAuthInvalid:
    'customAuth.getCustomAccessToken must be a function returning a promise of a token (or null).',
} as const;

/** Captcha (Cloudflare Turnstile) texts of CAPTCHA_SCREEN and its failures (§4.3, §8). */
export const CAPTCHA_MESSAGES = {
  title: 'Confirm you are human',
  ready: 'Getting the security check ready…',
  loading: 'Checking that you are human…',
  success: 'Success! Continuing…',
  successNeedsIntent: 'Success!',
  continue: 'Continue',
  /** §8 captcha_failure. */
  didNotPass: API_ERRORS.captcha_failure.message,
  /** §8 captcha_failure after CAPTCHA_RETRIES failures. */
  adblockerHint: 'If you use an adblocker or VPN, try disabling and re-attempting.',
  /** §8: the result wait ran out (captcha_timeout). */
  captchaFailed: 'Captcha failed',
  /** §8 captcha_timeout on ERROR_SCREEN. */
  timeoutDetail: 'Something went wrong! Please try again later.',
  /** §8 invalid_captcha on ERROR_SCREEN. */
  invalidCaptcha: API_ERRORS.invalid_captcha.message,
  scriptFailed: (url: string) => `Gatehouse could not load the captcha script from ${url}.`,
  invalidSiteKey: (value: string | null) =>
    `Invalid Gatehouse captcha site key ${JSON.stringify(value)}: captcha needs a site key of the form t:<Turnstile site key> (gatehouse apps set <app id> captcha_site_key=t:...).`,
} as const;

// ---------------------------------------------------------------------------------------------
// Embedded wallet rules (§5, §8, §9): chains, transactions, gas, the recovery password, and the
// EIP-1193 error table. Appended by the wallet rules (src/core/wallet/); keep this section whole.
// ---------------------------------------------------------------------------------------------

/** Chain configuration, transaction preparation and chain node errors (§5, §8). */
export const WALLET_MESSAGES = {
  supportedChainsInvalid: 'supportedChains must not be empty and must contain the default chain',
  chainNotSupported: (id: number | string) =>
    `Chain ID ${id} is not supported. It must be added to the config.supportedChains property of the provider.`,
  unsupportedChainId: 'Unsupported chainId',
  unsupportedChain: 'Unsupported chain',
  noRpcUrl: 'No RPC url found',
  preparingFailed: 'There was an error preparing your transaction. Please try again.',
  insufficientFunds: 'Wallet has insufficient funds for this transaction.',
  processingFailed: 'There was an error processing your transaction. Please contact support.',
  gasLimitNotSet: 'gasLimit was not successfully set',
  maxFeeNotSet: 'maxFeePerGas was not successfully set',
  baseFeeUnavailable: 'Unable to fetch baseFee for last block.',
  gasPriceFailed: (chainFamily: string) => `Failed to set gas price for ${chainFamily} transaction`,
  invalidQuantity: (field: string) => `${field} must be a number, bigint or hex string`,
  chainIdMustBeNumber: 'chainId must be a number',
  maxFeeBelowPriorityFee: 'maxFeePerGas must be greater than the priority fee on this chain',
  invalidAddress: (field: string) => `${field} must be a 0x-prefixed address of 20 bytes`,
  invalidData: 'data must be a 0x-prefixed hex string of whole bytes',
  invalidTransactionType: 'type must be 0, 1 or 2',
  invalidAccessList: 'accessList must be a list of { address, storageKeys }',
  nodeInvalidAnswer: (method: string) => `The chain node gave no valid answer to ${method}.`,
  receiptTimeout: (hash: string) => `No receipt for transaction ${hash} yet; it may still be mined.`,
} as const;

/** Titles of the send-transaction review (§5). */
export const TRANSACTION_TEXT = {
  sendTitle: (symbol: string) => `Send ${symbol}`,
  reviewTitle: 'Review transaction',
} as const;

/** The recovery password rules, the strength meter and the final checkbox (§5). */
export const PASSWORD_TEXT = {
  tooShort: 'Password must be at least 6 characters',
  invalidCharacters: (characters: string) => `Invalid characters used ( ${characters} )`,
  /** How a space is named in the invalid-characters message (a space itself would not be seen). */
  space: 'space',
  mismatch: 'Passwords do not match',
  acknowledgement: 'I understand losing my password means losing my account.',
  strength: { weak: 'Weak', medium: 'Medium', strong: 'Strong' },
} as const;

export interface ProviderErrorText {
  message: string;
  detail?: string;
  retryable: boolean;
}

/** The wallet error codes table of §8 (EIP-1193 and JSON-RPC), and 4902 of §4.5. */
export const PROVIDER_ERROR_TEXT: Readonly<Record<number, ProviderErrorText>> = {
  4001: { message: 'User Rejected Request', detail: 'Please try signing again.', retryable: true },
  4100: { message: 'Unauthorized', retryable: false },
  4200: { message: 'Unsupported Method', retryable: false },
  4900: { message: 'Disconnected', retryable: true },
  4901: { message: 'Chain Disconnected', retryable: true },
  4902: { message: 'Unrecognized chain ID', retryable: false },
  [-32700]: { message: 'Parse error', retryable: false },
  [-32600]: { message: 'Invalid request', retryable: false },
  [-32601]: { message: 'Method not found', retryable: false },
  [-32602]: { message: 'Invalid params', retryable: false },
  [-32603]: { message: 'Internal error', retryable: true },
  [-32000]: { message: 'Invalid input', retryable: false },
  [-32001]: { message: 'Resource not found', retryable: false },
  [-32002]: { message: 'Resource unavailable', retryable: true },
  [-32003]: { message: 'Transaction rejected', retryable: true },
  [-32004]: { message: 'Method not supported', retryable: false },
  [-32005]: { message: 'Limit exceeded', retryable: false },
  [-32006]: { message: 'JSON-RPC version not supported', retryable: false },
};

/** The variants of §8: 4001 for a signature, and -32002 (each not retryable, with the same detail). */
export const PROVIDER_ERROR_VARIANTS = {
  signatureRejected: { message: 'Signature rejected', detail: 'Please try signing again.', retryable: true },
  connectionRequestPending: {
    message: 'Connection request already pending',
    detail: "Don't see your wallet? Check your other browser windows.",
    retryable: false,
  },
  resourceRequestPending: {
    message: 'Resource request already pending',
    detail: "Don't see your wallet? Check your other browser windows.",
    retryable: false,
  },
  walletLocked: {
    message: 'Wallet might be locked',
    detail: "Don't see your wallet? Check your other browser windows.",
    retryable: false,
  },
} as const satisfies Record<string, ProviderErrorText>;
