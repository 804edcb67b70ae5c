/**
 * Local identity providers for the OAuth tests, each a real protocol peer on loopback:
 * - an `oidc-provider` OpenID Provider (Google, LinkedIn, and Apple behind a small front that
 *   speaks Apple's dialect: form_post answers, an ES256 JWT as client secret, id_token always);
 * - small HTTP peers speaking Twitter's, Discord's, GitHub's, Spotify's and TikTok's OAuth 2.0
 *   authorization, token and user APIs, approving at once (or denying, or reporting a suspension).
 */
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { importSPKI, jwtVerify } from 'jose';
import Provider from 'oidc-provider';
import type { OAuthProvider } from '../../src/protocol/constants.js';
import { closeServer, listenOnLoopback } from './loopback.js';

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
type RestProvider = (typeof REST_PROVIDERS)[number];

const APPLE_AUDIENCE = 'https://appleid.apple.com';

interface RestPeer {
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
const REST_PEERS: Record<RestProvider, RestPeer> = {
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

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const secretOf = (provider: OAuthProvider) => `${provider}-secret-${randomBytes(6).toString('hex')}`;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function listen(server: Server): Promise<string> {
  return `http://127.0.0.1:${await listenOnLoopback(server)}`;
}

/** Where the browser goes next after the identity provider: the provider's callback, GET or form POST. */
export interface CallbackRequest {
  method: 'GET' | 'POST';
  url: string;
  form?: Record<string, string>;
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

export class LocalIdentityProviders {
  oidcUrl = '';
  restUrl = '';
  /** The account each REST peer approves with (defaultAccount unless a test sets one). */
  readonly restAccounts = new Map<RestProvider, IdpAccount>();
  /** Accounts at the OIDC IdP by login name, which is their sub (defaultAccount of the provider otherwise). */
  readonly oidcAccounts = new Map<string, IdpAccount>();
  /** REST peers that deny the next authorization, as if the user pressed "Cancel". */
  readonly denyNext = new Set<RestProvider>();
  /** REST peers whose user API reports the account as suspended. */
  readonly suspended = new Set<RestProvider>();
  /** The OIDC IdP ignores the nonce of authorization requests: its id_tokens then carry none. */
  ignoreNonce = false;
  /** What the peers received, for assertions (token requests with their client authentication). */
  readonly received: Array<{ provider: OAuthProvider; path: string; clientAuth?: string; pkce?: boolean }> =
    [];

  private readonly secrets = new Map<OAuthProvider, string>();
  private readonly appleKey = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  private readonly appleKeyId = 'APPLEKEY01';
  private readonly appleTeamId = 'TEAMID0001';
  private oidc: Provider | undefined;
  private oidcServer: Server | undefined;
  private restServer: Server | undefined;
  private readonly codes = new Map<
    string,
    { provider: RestProvider; redirectUri: string; challenge: string | null; account: IdpAccount }
  >();
  private readonly tokens = new Map<string, { provider: RestProvider; account: IdpAccount }>();

  /** `callbackUrl` is the Gatehouse provider's `/api/v1/oauth/callback`, the only registered redirect URI. */
  constructor(private readonly callbackUrl: string) {
    for (const provider of [...OIDC_PROVIDERS, ...REST_PROVIDERS])
      this.secrets.set(provider, secretOf(provider));
  }

  async start(): Promise<void> {
    this.oidcServer = createServer();
    this.oidcUrl = await listen(this.oidcServer);
    this.restServer = createServer((request, response) => {
      this.handleRest(request, response).catch((error: unknown) => {
        json(response, 500, { error: 'server_error', error_description: String(error) });
      });
    });
    this.restUrl = await listen(this.restServer);

    const clients = OIDC_PROVIDERS.map((provider) => ({
      client_id: `${provider}-client`,
      client_secret: this.secrets.get(provider) as string,
      redirect_uris: [this.callbackUrl],
      grant_types: ['authorization_code'],
      response_types: ['code' as const],
      token_endpoint_auth_method: 'client_secret_post' as const,
    }));
    const oidc = new Provider(this.oidcUrl, {
      clients,
      // Any login name signs in, and is the account's sub (oidc-provider's account id); the
      // other claims come from oidcAccounts, or defaultAccount of the client's provider.
      findAccount: async (ctx, id) => {
        const client = ctx.oidc?.client?.clientId ?? 'google-client';
        const account = this.accountFor(client.replace(/-client$/, '') as OAuthProvider, id);
        const { email, name, emailVerified = true } = account;
        return {
          accountId: id,
          claims: async () => ({ sub: id, email, email_verified: emailVerified, name }),
        };
      },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], name: ['name'] },
      scopes: ['openid', 'email', 'profile', 'name'],
      // Claims in the id_token itself, as Apple (which has no userinfo) puts them.
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: true } },
      cookies: { keys: [randomBytes(16).toString('hex')] },
    });
    // A failure inside the IdP shows up in the test output rather than as an opaque error page.
    oidc.on('server_error', (_ctx, error) => console.error('local IdP:', error));
    this.oidc = oidc;
    const callback = oidc.callback();
    this.oidcServer.on('request', (request: IncomingMessage, response: ServerResponse) => {
      if (this.ignoreNonce && request.url?.startsWith('/auth?')) {
        const url = new URL(request.url, this.oidcUrl);
        url.searchParams.delete('nonce');
        request.url = `${url.pathname}${url.search}`;
      }
      callback(request, response);
    });
  }

  async stop(): Promise<void> {
    for (const server of [this.oidcServer, this.restServer]) if (server) await closeServer(server);
  }

  /** The app settings (`oauth.<provider>.<field>`) that point a provider at these peers. */
  settings(provider: OAuthProvider): Record<string, string> {
    const base = `oauth.${provider}.`;
    const secret = this.secrets.get(provider) as string;
    if (provider === 'apple') {
      return {
        [`${base}client_id`]: 'apple-client',
        [`${base}team_id`]: this.appleTeamId,
        [`${base}key_id`]: this.appleKeyId,
        [`${base}private_key`]: this.appleKey.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        [`${base}authorization_url`]: `${this.restUrl}/apple/auth/authorize`,
        [`${base}token_url`]: `${this.restUrl}/apple/auth/token`,
        [`${base}issuer`]: this.oidcUrl,
        [`${base}jwks_url`]: `${this.oidcUrl}/jwks`,
      };
    }
    if ((OIDC_PROVIDERS as readonly string[]).includes(provider)) {
      return {
        [`${base}client_id`]: `${provider}-client`,
        [`${base}client_secret`]: secret,
        [`${base}authorization_url`]: `${this.oidcUrl}/auth`,
        [`${base}token_url`]: `${this.oidcUrl}/token`,
        [`${base}userinfo_url`]: `${this.oidcUrl}/me`,
        [`${base}issuer`]: this.oidcUrl,
        [`${base}jwks_url`]: `${this.oidcUrl}/jwks`,
      };
    }
    const peer = REST_PEERS[provider as RestProvider];
    const root = `${this.restUrl}/${provider}`;
    const [userPath] = Object.keys(peer.user);
    return {
      [`${base}client_id`]: `${provider}-client`,
      [`${base}client_secret`]: secret,
      [`${base}authorization_url`]: `${root}${peer.authorize}`,
      [`${base}token_url`]: `${root}${peer.token}`,
      [`${base}userinfo_url`]: `${root}${userPath}`,
    };
  }

  /** The account a provider will answer with (REST peers), or for a login name (OIDC IdP). */
  accountFor(provider: OAuthProvider, login = 'alice'): IdpAccount {
    if ((REST_PROVIDERS as readonly string[]).includes(provider)) {
      return this.restAccounts.get(provider as RestProvider) ?? defaultAccount(provider);
    }
    return this.oidcAccounts.get(login) ?? { ...defaultAccount(provider, login), sub: login };
  }

  /**
   * Plays the user at the identity provider with a real HTTP client (cookies, redirects, the
   * IdP's login and consent forms) from the authorization URL until the browser would go to the
   * Gatehouse callback. `deny` presses the IdP's cancel instead of consenting.
   */
  async authorize(url: string, options: { login?: string; deny?: boolean } = {}): Promise<CallbackRequest> {
    const jar = new Map<string, string>();
    let request: { url: string; method: 'GET' | 'POST'; form?: Record<string, string> } = {
      url,
      method: 'GET',
    };
    for (let step = 0; step < 20; step++) {
      if (request.url.startsWith(this.callbackUrl)) {
        return { method: request.method, url: request.url, ...(request.form ? { form: request.form } : {}) };
      }
      const response = await fetch(request.url, {
        method: request.method,
        redirect: 'manual',
        headers: {
          cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
          ...(request.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: request.form ? new URLSearchParams(request.form).toString() : undefined,
      });
      for (const cookie of response.headers.getSetCookie()) {
        const [pair = ''] = cookie.split(';');
        const equals = pair.indexOf('=');
        jar.set(pair.slice(0, equals), pair.slice(equals + 1));
      }
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        request = { url: new URL(location, request.url).href, method: 'GET' };
        continue;
      }
      const html = await response.text();
      if (response.status !== 200)
        throw new Error(
          `IdP answered ${response.status}: ${html
            .replace(/<[^>]*>/g, ' ')
            .replace(/\s+/g, ' ')
            .slice(0, 600)}`,
        );
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
      if (!action) throw new Error(`IdP page without a form: ${html.slice(0, 300)}`);
      const target = new URL(action, request.url).href;
      if (html.includes('name="login"')) {
        request = {
          url: target,
          method: 'POST',
          form: { prompt: 'login', login: options.login ?? 'alice', password: 'x' },
        };
      } else if (html.includes('value="consent"')) {
        const abort = /href="([^"]*\/abort)"/.exec(html)?.[1];
        request =
          options.deny && abort
            ? { url: new URL(abort, request.url).href, method: 'GET' }
            : { url: target, method: 'POST', form: { prompt: 'consent' } };
      } else {
        // form_post (Apple): the auto-submitting form of hidden inputs.
        const form = Object.fromEntries(
          [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map((m) => [
            m[1] as string,
            (m[2] as string).replace(/&amp;/g, '&').replace(/&quot;/g, '"'),
          ]),
        );
        request = { url: target, method: 'POST', form };
      }
    }
    throw new Error('Too many steps at the identity provider');
  }

  // ---- the REST peers and Apple's front ----

  private async handleRest(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', this.restUrl);
    const [, prefix = '', ...rest] = url.pathname.split('/');
    const path = `/${rest.join('/')}`;
    if (prefix === 'apple') return this.appleFront(request, response, url, path);
    if (!(REST_PROVIDERS as readonly string[]).includes(prefix))
      return json(response, 404, { error: 'not_found' });
    const provider = prefix as RestProvider;
    const peer = REST_PEERS[provider];
    if (path === peer.authorize && request.method === 'GET')
      return this.restAuthorize(provider, peer, url, response);
    if (path === peer.token && request.method === 'POST')
      return this.restToken(provider, peer, request, response);
    const user = peer.user[path];
    if (user && request.method === 'GET') {
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      const grant = token ? this.tokens.get(token) : undefined;
      if (!grant || grant.provider !== provider) return json(response, 401, { error: 'invalid_token' });
      if (this.suspended.has(provider) && peer.suspended) return json(response, 403, peer.suspended);
      return json(response, 200, user(grant.account, url));
    }
    json(response, 404, { error: 'not_found' });
  }

  private restAuthorize(provider: RestProvider, peer: RestPeer, url: URL, response: ServerResponse) {
    const q = url.searchParams;
    const redirectUri = q.get('redirect_uri') ?? '';
    if (q.get(peer.clientIdParam) !== `${provider}-client` || redirectUri !== this.callbackUrl) {
      json(response, 400, { error: 'invalid_request', error_description: 'unknown client or redirect_uri' });
      return;
    }
    if (q.get('response_type') !== 'code' || !q.get('scope') || !q.get('state')) {
      return json(response, 400, { error: 'invalid_request' });
    }
    const challenge = q.get('code_challenge');
    if (peer.pkceRequired && (!challenge || q.get('code_challenge_method') !== 'S256')) {
      return json(response, 400, { error: 'invalid_request', error_description: 'PKCE S256 required' });
    }
    const back = new URL(redirectUri);
    back.searchParams.set('state', q.get('state') as string);
    if (this.denyNext.delete(provider)) {
      back.searchParams.set('error', 'access_denied');
    } else {
      const code = randomBytes(16).toString('base64url');
      this.codes.set(code, { provider, redirectUri, challenge, account: this.accountFor(provider) });
      back.searchParams.set('code', code);
    }
    response.writeHead(302, { location: back.href }).end();
  }

  private async restToken(
    provider: RestProvider,
    peer: RestPeer,
    request: IncomingMessage,
    response: ServerResponse,
  ) {
    const form = new URLSearchParams(await readBody(request));
    let clientId: string | null;
    let clientSecret: string | null;
    const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (peer.clientAuth === 'basic') {
      const [id = '', secret = ''] = Buffer.from(basic ?? '', 'base64')
        .toString('utf8')
        .split(':');
      clientId = decodeURIComponent(id);
      clientSecret = decodeURIComponent(secret);
    } else {
      clientId = form.get(peer.clientIdParam);
      clientSecret = form.get('client_secret');
    }
    const grant = this.codes.get(form.get('code') ?? '');
    this.codes.delete(form.get('code') ?? '');
    const verifier = form.get('code_verifier');
    this.received.push({
      provider,
      path: peer.token,
      clientAuth: basic ? 'basic' : 'post',
      pkce: verifier !== null,
    });
    if (clientId !== `${provider}-client` || clientSecret !== this.secrets.get(provider)) {
      return json(response, 401, { error: 'invalid_client' });
    }
    const pkceOk = grant?.challenge ? verifier !== null && s256(verifier) === grant.challenge : true;
    if (
      form.get('grant_type') !== 'authorization_code' ||
      !grant ||
      grant.provider !== provider ||
      grant.redirectUri !== form.get('redirect_uri') ||
      !pkceOk
    ) {
      // GitHub answers 200 with an error body; the others 400.
      return json(response, provider === 'github' ? 200 : 400, { error: 'invalid_grant' });
    }
    const accessToken = randomBytes(24).toString('base64url');
    this.tokens.set(accessToken, { provider, account: grant.account });
    const answer = {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: 3600,
      scope: 'granted',
      ...(provider === 'tiktok' ? { open_id: grant.account.sub } : {}),
    };
    if (provider === 'github' && !request.headers.accept?.includes('application/json')) {
      response
        .writeHead(200, { 'content-type': 'application/x-www-form-urlencoded' })
        .end(new URLSearchParams(answer as unknown as Record<string, string>).toString());
      return;
    }
    json(response, 200, answer);
  }

  /**
   * Apple's dialect in front of the OIDC IdP: the authorization request must ask for
   * response_mode=form_post (and Apple issues an id_token whatever the scope); the token request
   * authenticates with an ES256 JWT signed by the app's Sign in with Apple key.
   */
  private async appleFront(request: IncomingMessage, response: ServerResponse, url: URL, path: string) {
    if (path === '/auth/authorize' && request.method === 'GET') {
      const q = new URLSearchParams(url.searchParams);
      if (q.get('response_mode') !== 'form_post') return json(response, 400, { error: 'invalid_request' });
      q.set('scope', ['openid', ...(q.get('scope') ?? '').split(' ').filter(Boolean)].join(' '));
      response.writeHead(302, { location: `${this.oidcUrl}/auth?${q}` }).end();
      return;
    }
    if (path === '/auth/token' && request.method === 'POST') {
      const form = new URLSearchParams(await readBody(request));
      const key = await importSPKI(
        this.appleKey.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
        'ES256',
      );
      try {
        const { payload, protectedHeader } = await jwtVerify(form.get('client_secret') ?? '', key, {
          issuer: this.appleTeamId,
          subject: form.get('client_id') ?? '',
          audience: APPLE_AUDIENCE,
          algorithms: ['ES256'],
        });
        if (protectedHeader.kid !== this.appleKeyId || typeof payload.exp !== 'number')
          throw new Error('kid');
      } catch {
        this.received.push({ provider: 'apple', path, clientAuth: 'invalid' });
        return json(response, 400, { error: 'invalid_client' });
      }
      this.received.push({ provider: 'apple', path, clientAuth: 'es256-jwt' });
      form.set('client_secret', this.secrets.get('apple') as string);
      const answer = await fetch(`${this.oidcUrl}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
      return;
    }
    json(response, 404, { error: 'not_found' });
  }
}
