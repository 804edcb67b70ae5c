import { texts } from './registry.js';

/** AFFIRMATIVE_CONSENT_SCREEN (§2.2, §4.2). */
export const CONSENT_TEXT = texts('CONSENT_TEXT', {
  title: 'One last step',
  detail: 'Before you continue, please review and accept the terms of this app.',
  viewTerms: 'View terms',
  viewPrivacyPolicy: 'View privacy policy',
  decline: 'No thanks',
  accept: 'Accept',
  /** Accepting failed (the network, the session): the screen stays, with this alert. */
  acceptFailed: 'Your answer could not be saved. Please try again.',
} as const);
