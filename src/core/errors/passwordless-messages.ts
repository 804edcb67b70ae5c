import { texts } from '../text/registry.js';

/**
 * What the email and SMS code flows say about the address, number or code a user typed (§8): read
 * only once a visitor is in that flow, so they load with it instead of with every page.
 */
export const PASSWORDLESS_MESSAGES = texts('PASSWORDLESS_MESSAGES', {
  invalidEmail: 'Please enter a valid email address.',
  emailRequired: 'Email is required to send a code.',
  phoneRequired: 'Phone number is required to send a code.',
  invalidPhone: 'Please enter a valid phone number.',
  codeShouldBeNumeric: 'Code should be numeric',
  passcodeOnlyNumbers: 'Passcode can only be numbers',
  passcodeExactLength: 'Passcode must be exactly 6 numbers',
  invalidOrExpiredCode: 'Invalid or expired verification code',
  issueVerifyingCode: 'Issue verifying code',
} as const);
