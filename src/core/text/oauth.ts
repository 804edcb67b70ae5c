import { texts } from './registry.js';

/** Copy of AWAITING_OAUTH_SCREEN and IN_APP_BROWSER_LOGIN_NOT_POSSIBLE, which load lazily with the OAuth flow. */
export const OAUTH_UI_TEXT = texts('OAUTH_UI_TEXT', {
  oauthVerifying: (provider: string) => `Verifying connection to ${provider}`,
  oauthVerifyingDetail: 'Just a few moments more',
  oauthConnected: (provider: string) => `Successfully connected with ${provider}`,
  oauthRedirecting: (provider: string) => `Redirecting to ${provider}`,
  inAppBrowserTitle: 'Could not log in with provider',
} as const);
