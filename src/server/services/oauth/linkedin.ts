import { oidcUserinfo, providerEmail, text } from './fields.js';
import type { ProviderSpec } from './types.js';

/** LinkedIn (Sign In with LinkedIn using OpenID Connect): https://learn.microsoft.com/linkedin/consumer/integrations/self-serve/sign-in-with-linkedin-v2 */
export const linkedin: ProviderSpec = {
  name: 'linkedin',
  authorizationUrl: 'https://www.linkedin.com/oauth/v2/authorization',
  tokenUrl: 'https://www.linkedin.com/oauth/v2/accessToken',
  userinfoUrl: 'https://api.linkedin.com/v2/userinfo',
  issuer: 'https://www.linkedin.com/oauth',
  jwksUrl: 'https://www.linkedin.com/oauth/openid/jwks',
  scopes: ['openid', 'profile', 'email'],
  pkce: false,
  clientAuth: 'post',
  requiredSettings: ['client_secret'],
  async profile(context) {
    const { subject, info } = await oidcUserinfo(context, 'LinkedIn');
    const { email, verified } = providerEmail(info);
    return { subject, data: { subject, name: text(info, 'name'), email }, verifiedEmail: verified };
  },
};
