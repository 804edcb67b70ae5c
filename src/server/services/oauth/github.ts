import { isObject, okBody, subjectOf, text } from './fields.js';
import type { JsonAnswer, ProviderSpec } from './types.js';

const API_HEADERS = { accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' };

/** The addresses of `/user/emails` (scope user:email); none when GitHub does not answer them. */
function emailList(answer: JsonAnswer): Record<string, unknown>[] {
  const ok = answer.status >= 200 && answer.status < 300 && Array.isArray(answer.body);
  return ok ? (answer.body as unknown[]).filter(isObject) : [];
}

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
    // The public profile email is often hidden; /user/emails says which addresses GitHub verified.
    const emails = emailList(await get(`${userUrl.replace(/\/+$/, '')}/emails`, API_HEADERS));
    const address = (entry: unknown) => text(entry, 'email')?.toLowerCase() ?? null;
    const email = address(user) ?? address(emails.find((entry) => entry.primary === true));
    const verified = emails.some((entry) => entry.verified === true && address(entry) === email);
    return {
      subject,
      data: { subject, username: text(user, 'login'), name: text(user, 'name'), email },
      verifiedEmail: verified ? email : null,
    };
  },
};
