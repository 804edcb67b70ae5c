import { MFA_TEXT } from '../../protocol/mfa-text.js';
import { texts } from './registry.js';

/**
 * §8's MFA verification texts as the user reads them: the widget's MFA screens show them, and the
 * surface shows a locale's version of the English the wallet frame sends (frame/surface/locale.ts).
 * Apart from MFA_UI_TEXT, which the surface's every review carries.
 */
export const MFA_ERROR_TEXT = texts('MFA_ERROR_TEXT', {
  /** A wrong code (invalid_mfa_code from the provider, missing_or_invalid_mfa from the frame). */
  invalidCode: MFA_TEXT.invalidCode,
  maxAttempts: MFA_TEXT.maxAttempts,
  timedOut: MFA_TEXT.timedOut,
  /** Anything else. */
  unknown: 'Unknown error',
} as const);
