import type { OAuthProvider } from './constants.js';

/**
 * How each social provider is named on screen: the widget's buttons and errors, the surface, and
 * the operator console's settings (which may import only protocol).
 */
export const OAUTH_PROVIDER_NAMES: Record<OAuthProvider, string> = {
  google: 'Google',
  twitter: 'Twitter',
  discord: 'Discord',
  github: 'GitHub',
  spotify: 'Spotify',
  tiktok: 'TikTok',
  linkedin: 'LinkedIn',
  apple: 'Apple',
};
