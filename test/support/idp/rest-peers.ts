/**
 * The REST peers' dialects: Twitter's, Discord's, GitHub's, Spotify's and TikTok's authorization
 * and token paths, client authentication, and the shapes of their user APIs.
 */
import { randomBytes } from 'node:crypto';
import type { IdpAccount, RestProvider } from './accounts.js';

export interface RestPeer {
  authorize: string;
  token: string;
  /** The user API and its answer for an account. */
  user: Record<string, (account: IdpAccount, url: URL) => unknown>;
  clientAuth: 'basic' | 'post';
  clientIdParam: string;
  /** The peer insists on PKCE (Twitter). */
  pkceRequired: boolean;
  /** How the peer answers a suspended account on its user API. */
  suspended?: unknown;
}

/** Paths as the real providers have them; the provider name is a path prefix on the peer. */
export const REST_PEERS: Record<RestProvider, RestPeer> = {
  twitter: {
    authorize: '/i/oauth2/authorize',
    token: '/2/oauth2/token',
    user: {
      '/2/users/me': (a, url) => ({
        data: {
          id: a.sub,
          name: a.name,
          username: a.username,
          ...(url.searchParams.get('user.fields')?.includes('profile_image_url')
            ? { profile_image_url: a.picture }
            : {}),
        },
      }),
    },
    clientAuth: 'basic',
    clientIdParam: 'client_id',
    pkceRequired: true,
    suspended: { title: 'Forbidden', detail: 'User is suspended.', type: 'about:blank', status: 403 },
  },
  discord: {
    authorize: '/oauth2/authorize',
    token: '/api/oauth2/token',
    user: {
      '/api/users/@me': (a) => ({
        id: a.sub,
        username: a.username,
        global_name: a.name,
        email: a.email,
        verified: a.emailVerified ?? true,
      }),
    },
    clientAuth: 'post',
    clientIdParam: 'client_id',
    pkceRequired: false,
  },
  github: {
    authorize: '/login/oauth/authorize',
    token: '/login/oauth/access_token',
    user: {
      // A hidden profile email: the address only shows in /user/emails.
      '/user': (a) => ({ id: Number(a.sub), login: a.username, name: a.name, email: null }),
      '/user/emails': (a) => [
        { email: `old-${a.email}`, primary: false, verified: true, visibility: null },
        { email: a.email, primary: true, verified: a.emailVerified ?? true, visibility: 'private' },
      ],
    },
    clientAuth: 'post',
    clientIdParam: 'client_id',
    pkceRequired: false,
    suspended: {
      message: 'Sorry. Your account was suspended.',
      documentation_url: 'https://docs.github.com',
    },
  },
  spotify: {
    authorize: '/authorize',
    token: '/api/token',
    user: { '/v1/me': (a) => ({ id: a.sub, display_name: a.name, email: a.email, country: 'SE' }) },
    clientAuth: 'basic',
    clientIdParam: 'client_id',
    pkceRequired: false,
  },
  tiktok: {
    authorize: '/v2/auth/authorize/',
    token: '/v2/oauth/token/',
    user: {
      '/v2/user/info/': (a) => ({
        data: {
          user: { open_id: a.sub, union_id: `u-${a.sub}`, display_name: a.name, username: a.username },
        },
        error: { code: 'ok', message: '', log_id: randomBytes(8).toString('hex') },
      }),
    },
    clientAuth: 'post',
    clientIdParam: 'client_key',
    pkceRequired: false,
  },
};
