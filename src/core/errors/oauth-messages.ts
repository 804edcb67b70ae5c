import { texts } from '../text/registry.js';

/** OAuth texts (§8), used by the OAuth flow's chunk and its screens. */
export const OAUTH_MESSAGES = texts('OAUTH_MESSAGES', {
  userDenied: 'User denied confirmation during OAuth flow',
  unknownProvider: (provider: string) => `Unknown OAuth provider "${provider}".`,
  invalidCode: 'Invalid code during OAuth flow.',
  unexpectedFlow: 'Unexpected auth flow, possibly a phishing attempt',
  missingVerifier: 'Authentication error.',
  retry: (provider: string) => `Retry and check ${provider} to finish connecting your account.`,
  accountSuspended: (provider: string) =>
    `Your ${provider} account is suspended. Please try another login method.`,
  inAppBrowser:
    "It looks like you're using an in-app browser. To log in, please try again using an external browser.",
} as const);
