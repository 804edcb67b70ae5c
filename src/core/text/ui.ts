import { INVALID_CAPTCHA_MESSAGE } from '../../protocol/error-messages.js';
import { OUTAGE_TEXT } from './outage.js';

/** How each social provider is named on screen: written in protocol, which the console shares. */
export { OAUTH_PROVIDER_NAMES } from '../../protocol/oauth-names.js';

/** A code box's label, in UI_TEXT and alone for the provider-origin surface (frame/surface/texts.ts). */
export const DIGIT_LABEL = (n: number): string => `Digit ${n}`;

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
  moreOptions: 'More options',
  otherSocials: 'Other socials',
  otherWallets: 'Other wallets',
  continueWithWallet: 'Continue with a wallet',
  continueWithEmail: 'Continue with email',
  continueWithSms: 'Continue with SMS',
  continueWithFarcaster: 'Continue with Farcaster',
  loginWithPasskey: 'Log in with passkey',
  continueWith: (provider: string) => `Continue with ${provider}`,
  linkSuccess: 'Account linked successfully',
  loginSuccess: 'Logged in successfully',
  loadingPhoneField: 'Loading the phone field…',
  digit: DIGIT_LABEL,
  resendCode: 'Resend code',
  verifying: 'Verifying…',
  close: OUTAGE_TEXT.close,
  back: 'Back',
  /** The line at the bottom of the modal (appearance.hideBranding hides it). */
  protectedBy: 'Protected by Gatehouse',
  appLogo: (name: string) => `${name} logo`,
} as const;

/** Title, detail and button of ERROR_SCREEN (§8). */
export const ERROR_SCREEN_TEXT = {
  timedOutTitle: 'Timed out',
  tryAgain: 'Try again',
  somethingWentWrong: 'Something went wrong',
  tryAgainLater: 'Try again later',
  notAllowed: 'Not allowed',
  tryAnotherMethod: 'Try another method',
  back: 'Back',
  invalidCredentials: 'Something went wrong. Try again.',
  authenticationFailed: 'Authentication failed',
  /** §8 captcha_timeout. */
  captchaTimeout: 'Something went wrong! Please try again later.',
  /** §8 invalid_captcha. */
  invalidCaptcha: INVALID_CAPTCHA_MESSAGE,
} as const;
