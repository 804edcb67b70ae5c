import type { OAuthProvider } from '../../../protocol/constants.js';
import { apple } from './apple.js';
import { discord } from './discord.js';
import { github } from './github.js';
import { google } from './google.js';
import { linkedin } from './linkedin.js';
import { spotify } from './spotify.js';
import { tiktok } from './tiktok.js';
import { twitter } from './twitter.js';
import type { ProviderSpec } from './types.js';

/** Every provider of §1 with its real endpoints; apps may override the endpoints (settings.ts). */
export const PROVIDERS: Record<OAuthProvider, ProviderSpec> = {
  google,
  twitter,
  discord,
  github,
  spotify,
  tiktok,
  linkedin,
  apple,
};
