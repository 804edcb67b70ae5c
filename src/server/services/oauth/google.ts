import { oidcUserinfo, providerEmail, text } from './fields.js';
import type { ProviderSpec } from './types.js';

/** Google (OpenID Connect): https://developers.google.com/identity/openid-connect/openid-connect */
export const google: ProviderSpec = {
  name: 'google',
  authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenUrl: 'https://oauth2.googleapis.com/token',
  userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
  issuer: 'https://accounts.google.com',
  jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
  scopes: ['openid', 'email', 'profile'],
  pkce: true,
  clientAuth: 'post',
  requiredSettings: ['client_secret'],
  async profile(context) {
    const { subject, info } = await oidcUserinfo(context, 'Google');
    const { email, verified } = providerEmail(info);
    return { subject, data: { subject, email, name: text(info, 'name') }, verifiedEmail: verified };
  },
};
