import { texts } from './registry.js';

/** ALLOWLIST_REJECTION_SCREEN: the defaults of §6, used where the app configures no text of its own. */
export const ALLOWLIST_TEXT = texts('ALLOWLIST_TEXT', {
  title: "You don't have access to this app",
  detail: 'Have you been invited?',
  cta: 'Try another account',
} as const);
