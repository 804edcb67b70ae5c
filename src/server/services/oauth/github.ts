import { isObject, okBody, subjectOf, text } from './fields.js';
import type { ProviderSpec } from './types.js';

const API_HEADERS = { accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' };

/** GitHub (OAuth app): https://docs.github.com/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps */
export const github: ProviderSpec = {
  name: 'github',
  authorizationUrl: 'https://github.com/login/oauth/authorize',
  tokenUrl: 'https://github.com/login/oauth/access_token',
  userinfoUrl: 'https://api.github.com/user',
  scopes: ['read:user', 'user:email'],
  pkce: false,
  clientAuth: 'post',
  requiredSettings: ['client_secret'],
  async profile({ endpoints, get }) {
    const userUrl = endpoints.userinfoUrl as string;
    const user = okBody(await get(userUrl, API_HEADERS), 'GitHub /user');
    const subject = subjectOf(user, 'id', 'GitHub');
    // The public profile email is often hidden: the primary verified address comes from /user/emails.
    let email = text(user, 'email');
    if (!email) {
      const emails = okBody(
        await get(`${userUrl.replace(/\/+$/, '')}/emails`, API_HEADERS),
        'GitHub /user/emails',
      );
      const primary = Array.isArray(emails)
        ? emails.find((entry) => isObject(entry) && entry.primary === true && entry.verified === true)
        : undefined;
      email = text(primary, 'email');
    }
    return {
      subject,
      data: {
        subject,
        username: text(user, 'login'),
        name: text(user, 'name'),
        email: email?.toLowerCase() ?? null,
      },
    };
  },
};
