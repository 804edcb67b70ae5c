import { okBody, providerEmail, subjectOf, text } from './fields.js';
import type { ProviderSpec } from './types.js';

/** Discord: https://discord.com/developers/docs/topics/oauth2 */
export const discord: ProviderSpec = {
  name: 'discord',
  authorizationUrl: 'https://discord.com/oauth2/authorize',
  tokenUrl: 'https://discord.com/api/oauth2/token',
  userinfoUrl: 'https://discord.com/api/users/@me',
  scopes: ['identify', 'email'],
  pkce: false,
  clientAuth: 'post',
  requiredSettings: ['client_secret'],
  async profile({ endpoints, get }) {
    const user = okBody(await get(endpoints.userinfoUrl as string), 'Discord users/@me');
    const subject = subjectOf(user, 'id', 'Discord');
    // Discord's `verified` is about the account's email address.
    const { email, verified } = providerEmail(user, 'email', 'verified');
    return { subject, data: { subject, username: text(user, 'username'), email }, verifiedEmail: verified };
  },
};
