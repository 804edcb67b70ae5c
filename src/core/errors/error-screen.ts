import { OUTAGE_TEXT } from '../text/outage.js';
import { ERROR_SCREEN_TEXT as T } from '../text/ui.js';
import * as CODES from './codes.js';
import { FLOW_MESSAGES } from './flow-messages.js';
import type { GatehouseError } from './gatehouse-error.js';

export interface ErrorScreenContent {
  title: string;
  detail: string;
  cta: string;
}

/** Title, detail and button of ERROR_SCREEN for an error (§8). */
export function errorScreenFor(error: GatehouseError): ErrorScreenContent {
  // The provider is unreachable: Retry, once it is back.
  if (error.code === CODES.providerUnreachable) {
    return { title: OUTAGE_TEXT.unreachable, detail: OUTAGE_TEXT.checkConnection, cta: OUTAGE_TEXT.retry };
  }
  if (error.code === CODES.timeout) {
    return { title: T.timedOutTitle, detail: error.message, cta: T.tryAgain };
  }
  // The button agrees with the detail: 'Try again' where trying again now can help, else 'Back'.
  if (error.type === 'client_error') {
    return { title: T.somethingWentWrong, detail: T.tryAgainLater, cta: T.back };
  }
  switch (error.code) {
    case 'disallowed_login_method':
      return { title: T.notAllowed, detail: error.message, cta: T.tryAnotherMethod };
    case 'too_many_requests':
      return { title: T.somethingWentWrong, detail: FLOW_MESSAGES.tooManyRequests, cta: T.back };
    case 'mail_delivery_failed':
      return { title: T.somethingWentWrong, detail: FLOW_MESSAGES.mailDeliveryFailed, cta: T.tryAgain };
    case 'invalid_credentials':
      return { title: T.somethingWentWrong, detail: T.invalidCredentials, cta: T.tryAgain };
    // §8: an SMS the provider could not deliver shows its message.
    case 'twilio_verification_failed':
      return { title: T.somethingWentWrong, detail: error.message, cta: T.tryAgain };
    case 'linked_to_another_user':
      return { title: T.authenticationFailed, detail: FLOW_MESSAGES.linkedToAnotherUser, cta: T.back };
    // Captcha (§8): the failure text, or after CAPTCHA_RETRIES failures the adblocker/VPN hint (in the message).
    case 'captcha_failure':
      return { title: T.somethingWentWrong, detail: error.message, cta: T.tryAgain };
    case 'captcha_timeout':
      return { title: T.somethingWentWrong, detail: T.captchaTimeout, cta: T.back };
    case 'invalid_captcha':
      return { title: T.somethingWentWrong, detail: T.invalidCaptcha, cta: T.tryAgain };
  }
  // §8 MFA verification: a lockout or a time limit, in its own words.
  if (error.code.startsWith('mfa_'))
    return { title: T.somethingWentWrong, detail: error.message, cta: T.back };
  if (error.status === 422) return { title: T.somethingWentWrong, detail: error.message, cta: T.tryAgain };
  return { title: T.somethingWentWrong, detail: T.tryAgainLater, cta: T.back };
}
