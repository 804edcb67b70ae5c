/** The local identity providers' accounts and providers, and what the Gatehouse callback receives. */
import type { OAuthProvider } from '../../../src/protocol/constants.js';

export interface IdpAccount {
  /** The provider's id of the account. */
  sub: string;
  email?: string;
  name?: string;
  username?: string;
  picture?: string;
  /** Whether the provider says it checked the email (default true; Spotify never says). */
  emailVerified?: boolean;
}

export const OIDC_PROVIDERS = ['google', 'linkedin', 'apple'] as const;
export const REST_PROVIDERS = ['twitter', 'discord', 'github', 'spotify', 'tiktok'] as const;
export type RestProvider = (typeof REST_PROVIDERS)[number];

export const isRestProvider = (provider: string): provider is RestProvider =>
  (REST_PROVIDERS as readonly string[]).includes(provider);

/** Where the browser goes next after the identity provider: the provider's callback, GET or form POST. */
export interface CallbackRequest {
  method: 'GET' | 'POST';
  url: string;
  form?: Record<string, string>;
}

/** What the peers received: token requests with their client authentication. */
export interface ReceivedRequest {
  provider: OAuthProvider;
  path: string;
  clientAuth?: string;
  pkce?: boolean;
}

/** The peers' shared state, as the LocalIdentityProviders hold it. */
export interface PeerHost {
  callbackUrl: string;
  oidcUrl: string;
  restUrl: string;
  denyNext: Set<RestProvider>;
  suspended: Set<RestProvider>;
  received: ReceivedRequest[];
  secret(provider: OAuthProvider): string;
  accountFor(provider: OAuthProvider, login?: string): IdpAccount;
}

/** The account the next approval answers with: fixed per provider, or per login name at the OIDC IdP. */
export function defaultAccount(provider: OAuthProvider, login = 'alice'): IdpAccount {
  const numeric = provider === 'github' ? String(1000 + login.length) : `${provider}-${login}`;
  return {
    sub: numeric,
    email: `${login}@${provider}.example`,
    name: `${login[0]?.toUpperCase()}${login.slice(1)} ${provider}`,
    username: `${login}_${provider}`,
    picture: `https://img.example/${provider}/${login}.png`,
  };
}
