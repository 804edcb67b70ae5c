import { texts } from './registry.js';

/** Titles of LINK_EMAIL_SCREEN, LINK_PHONE_SCREEN and UPDATE_EMAIL_SCREEN, which load lazily. */
export const LINK_TEXT = texts('LINK_TEXT', {
  linkEmailTitle: 'Link your email',
  linkPhoneTitle: 'Link your phone number',
  updateEmailTitle: 'Update your email',
  updateEmailCurrent: 'Your current email is',
} as const);
