import { isObject, okBody, subjectOf, text } from './fields.js';
import type { ProviderSpec } from './types.js';

/** Twitter / X (OAuth 2.0 with PKCE): https://docs.x.com/resources/fundamentals/authentication/oauth-2-0/authorization-code */
export const twitter: ProviderSpec = {
  name: 'twitter',
  authorizationUrl: 'https://twitter.com/i/oauth2/authorize',
  tokenUrl: 'https://api.twitter.com/2/oauth2/token',
  userinfoUrl: 'https://api.twitter.com/2/users/me',
  scopes: ['users.read', 'tweet.read'],
  pkce: true,
  clientAuth: 'basic',
  requiredSettings: ['client_secret'],
  async profile({ endpoints, get }) {
    const url = new URL(endpoints.userinfoUrl as string);
    url.searchParams.set('user.fields', 'profile_image_url');
    const body = okBody(await get(url.href), 'Twitter users/me');
    const user = isObject(body) ? body.data : undefined;
    const subject = subjectOf(user, 'id', 'Twitter');
    return {
      subject,
      data: {
        subject,
        username: text(user, 'username'),
        name: text(user, 'name'),
        profilePictureUrl: text(user, 'profile_image_url'),
      },
      verifiedEmail: null,
    };
  },
};
