/**
 * The shape of a surface locale (./locales/<language>.ts), apart from ./locale.ts, which loads
 * them: a locale imports only this (its types, and the English of the frame's alerts).
 */
import type { ReviewTexts, Texts } from '../../core/locales/catalogue.js';
import type { ApiErrorCode } from '../../protocol/api-errors.js';
import {
  INVALID_RECOVERY_PASSWORD_MESSAGE,
  MAIL_DELIVERY_FAILED_MESSAGE,
  SMS_DELIVERY_FAILED_MESSAGE,
  STEP_UP_FACTOR_UNAVAILABLE_MESSAGE,
  TOO_MANY_REQUESTS_MESSAGE,
} from '../../protocol/error-messages.js';
import { MFA_TEXT } from '../../protocol/mfa-text.js';
import { PASSKEY_ERRORS } from '../../protocol/passkey.js';
import type { WalletErrorType } from '../../protocol/wallet-frame.js';
import { PASSKEY_TEXTS } from '../passkey-texts.js';
import type { EXPORT_TEXTS } from '../texts.js';
import type { PASSKEY_SURFACE_TEXT } from './passkey-texts.js';
import type { SURFACE_TEXT } from './texts.js';

/**
 * What the wallet frame may write in a view's alert, in English, by its code (SurfaceState.code):
 * the §8 MFA refusals, a wrong recovery password, the provider's refusals it passes on, a passkey
 * that cannot open the wallet. A locale says each (the MFA ones are the catalogue's
 * MFA_ERROR_TEXT); the generic failure is EXPORT_TEXTS.failed. Types and checks only: the surface
 * never loads the English.
 */
export const FRAME_ERROR_TEXT = {
  invalid_mfa_code: MFA_TEXT.invalidCode,
  mfa_verification_max_attempts_reached: MFA_TEXT.maxAttempts,
  mfa_timeout: MFA_TEXT.timedOut,
  invalid_recovery_pin: INVALID_RECOVERY_PASSWORD_MESSAGE,
  too_many_requests: TOO_MANY_REQUESTS_MESSAGE,
  mail_delivery_failed: MAIL_DELIVERY_FAILED_MESSAGE,
  twilio_verification_failed: SMS_DELIVERY_FAILED_MESSAGE,
  step_up_factor_unavailable: STEP_UP_FACTOR_UNAVAILABLE_MESSAGE,
  ...PASSKEY_TEXTS,
  [PASSKEY_ERRORS.invalidChallenge.code]: PASSKEY_ERRORS.invalidChallenge.message,
  [PASSKEY_ERRORS.verificationFailed.code]: PASSKEY_ERRORS.verificationFailed.message,
  [PASSKEY_ERRORS.unknownCredential.code]: PASSKEY_ERRORS.unknownCredential.message,
  [PASSKEY_ERRORS.alreadyLinked.code]: PASSKEY_ERRORS.alreadyLinked.message,
} satisfies Partial<Record<ApiErrorCode | WalletErrorType | keyof typeof PASSKEY_TEXTS, string>>;

/**
 * A surface locale: the widget's own translations of the catalogue's objects it shows
 * (core/locales/<language>/review.ts), and the surface's texts, each with the English object's
 * keys and placeholders.
 */
export interface SurfaceLocale {
  /** Its tag, as the widget's root has it ('pt-BR'). */
  lang: string;
  dir: 'ltr' | 'rtl';
  /** How its lines break, where not as English's: Japanese breaks between phrases ('auto-phrase'). */
  wordBreak?: string;
  texts: ReviewTexts & {
    SURFACE_TEXT: Texts<typeof SURFACE_TEXT>;
    EXPORT_TEXTS: Texts<typeof EXPORT_TEXTS>;
    PASSKEY_SURFACE_TEXT: Texts<typeof PASSKEY_SURFACE_TEXT>;
    FRAME_ERROR_TEXT: Texts<typeof FRAME_ERROR_TEXT>;
  };
}
