import { isObject, okBody, subjectOf, text } from './fields.js';
import { ProviderError, type ProviderSpec } from './types.js';

const USER_FIELDS = 'open_id,union_id,avatar_url,display_name,username';

/** TikTok (Login Kit for Web): https://developers.tiktok.com/doc/login-kit-web */
export const tiktok: ProviderSpec = {
  name: 'tiktok',
  authorizationUrl: 'https://www.tiktok.com/v2/auth/authorize/',
  tokenUrl: 'https://open.tiktokapis.com/v2/oauth/token/',
  userinfoUrl: 'https://open.tiktokapis.com/v2/user/info/',
  scopes: ['user.info.basic', 'user.info.profile'],
  scopeSeparator: ',',
  pkce: false,
  clientAuth: 'post',
  clientIdParam: 'client_key',
  requiredSettings: ['client_secret'],
  async profile({ endpoints, get }) {
    const url = new URL(endpoints.userinfoUrl as string);
    url.searchParams.set('fields', USER_FIELDS);
    const body = okBody(await get(url.href), 'TikTok user/info');
    const error = isObject(body) ? body.error : undefined;
    const code = text(error, 'code');
    if (code && code !== 'ok') throw new ProviderError(`TikTok user/info answered error ${code}`);
    const user = isObject(body) && isObject(body.data) ? body.data.user : undefined;
    const subject = subjectOf(user, 'open_id', 'TikTok');
    return {
      subject,
      data: { subject, username: text(user, 'username'), name: text(user, 'display_name') },
      verifiedEmail: null,
    };
  },
};
