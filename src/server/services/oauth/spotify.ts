import { okBody, subjectOf, text } from './fields.js';
import type { ProviderSpec } from './types.js';

/** Spotify: https://developer.spotify.com/documentation/web-api/tutorials/code-flow */
export const spotify: ProviderSpec = {
  name: 'spotify',
  authorizationUrl: 'https://accounts.spotify.com/authorize',
  tokenUrl: 'https://accounts.spotify.com/api/token',
  userinfoUrl: 'https://api.spotify.com/v1/me',
  scopes: ['user-read-email', 'user-read-private'],
  pkce: true,
  clientAuth: 'basic',
  requiredSettings: ['client_secret'],
  async profile({ endpoints, get }) {
    const user = okBody(await get(endpoints.userinfoUrl as string), 'Spotify /v1/me');
    const subject = subjectOf(user, 'id', 'Spotify');
    // Spotify does not verify the address it answers: shown, never trusted.
    const email = text(user, 'email')?.toLowerCase() ?? null;
    return { subject, data: { subject, email, name: text(user, 'display_name') }, verifiedEmail: null };
  },
};
