import type { OAuthProvider } from '../protocol/constants.js';

/** User-agent fragments of in-app browsers, where Google login is refused (§5). */
const IN_APP_BROWSER_MARKERS: readonly string[] = ['fbav', 'fban', 'instagram', 'snapchat'];

/** Facebook, Instagram and Snapchat's own browsers (§5), by their user-agent markers. */
export function isInAppBrowser(userAgent: string = globalThis.navigator?.userAgent ?? ''): boolean {
  const agent = userAgent.toLowerCase();
  return IN_APP_BROWSER_MARKERS.some((marker) => agent.includes(marker));
}

/** Google refuses its login inside in-app browsers, so the widget says so instead of redirecting (§5). */
export function oauthBlockedHere(provider: OAuthProvider, userAgent?: string): boolean {
  return provider === 'google' && isInAppBrowser(userAgent);
}
