import { CAPTCHA_FAILURE_MESSAGE } from '../../protocol/error-messages.js';
import { texts } from './registry.js';

/** Captcha (Cloudflare Turnstile) texts of CAPTCHA_SCREEN and its failures (§4.3, §8). */
export const CAPTCHA_MESSAGES = texts('CAPTCHA_MESSAGES', {
  title: 'Confirm you are human',
  ready: 'Getting the security check ready…',
  loading: 'Checking that you are human…',
  success: 'Success! Continuing…',
  successNeedsIntent: 'Success!',
  continue: 'Continue',
  /** §8 captcha_failure. */
  didNotPass: CAPTCHA_FAILURE_MESSAGE,
  /** §8 captcha_failure after CAPTCHA_RETRIES failures. */
  adblockerHint: 'If you use an adblocker or VPN, try disabling and re-attempting.',
  /** §8: the result wait ran out (captcha_timeout). */
  captchaFailed: 'Captcha failed',
  // ERROR_SCREEN's captcha texts (captcha_timeout, invalid_captcha) are in ERROR_SCREEN_TEXT
  // (core/text/ui.ts): the login modal shows them without loading the captcha's chunk.
  scriptFailed: (url: string) => `Gatehouse could not load the captcha script from ${url}.`,
  invalidSiteKey: (value: string | null) =>
    `Invalid Gatehouse captcha site key ${JSON.stringify(value)}: captcha needs a site key of the form t:<Turnstile site key> (gatehouse apps set <app id> captcha_site_key=t:...).`,
} as const);
