/**
 * The REST peers on one HTTP server, the provider name a path prefix: authorization (approving at
 * once, or denying), the token endpoint (client authentication, PKCE), and the user APIs (or a
 * suspension). Requests under /apple go to Apple's front.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type IdpAccount, isRestProvider, type PeerHost, type RestProvider } from './accounts.js';
import { json, readBody, s256 } from './http.js';
import { REST_PEERS, type RestPeer } from './rest-peers.js';

type Handler = (request: IncomingMessage, response: ServerResponse, url: URL, path: string) => Promise<void>;

interface CodeGrant {
  provider: RestProvider;
  redirectUri: string;
  challenge: string | null;
  account: IdpAccount;
}

/** The client id and secret of a token request: HTTP Basic, or in the form, as the peer takes them. */
function clientCredentials(peer: RestPeer, basic: string | undefined, form: URLSearchParams) {
  if (peer.clientAuth === 'post') return [form.get(peer.clientIdParam), form.get('client_secret')];
  const [id = '', secret = ''] = Buffer.from(basic ?? '', 'base64')
    .toString('utf8')
    .split(':');
  return [decodeURIComponent(id), decodeURIComponent(secret)];
}

/** Whether a token request redeems `grant`: the grant type, the provider, the redirect URI, the PKCE verifier. */
function grantMatches(grant: CodeGrant, provider: RestProvider, form: URLSearchParams): boolean {
  const verifier = form.get('code_verifier');
  const pkceOk = grant.challenge ? verifier !== null && s256(verifier) === grant.challenge : true;
  return (
    form.get('grant_type') === 'authorization_code' &&
    grant.provider === provider &&
    grant.redirectUri === form.get('redirect_uri') &&
    pkceOk
  );
}

export class RestPeers {
  private readonly codes = new Map<string, CodeGrant>();
  private readonly tokens = new Map<string, { provider: RestProvider; account: IdpAccount }>();

  constructor(
    private readonly host: PeerHost,
    private readonly apple: Handler,
  ) {}

  async handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', this.host.restUrl);
    const [, prefix = '', ...rest] = url.pathname.split('/');
    const path = `/${rest.join('/')}`;
    if (prefix === 'apple') return this.apple(request, response, url, path);
    if (!isRestProvider(prefix)) return json(response, 404, { error: 'not_found' });
    const provider = prefix as RestProvider;
    const peer = REST_PEERS[provider];
    if (path === peer.authorize && request.method === 'GET')
      return this.restAuthorize(provider, peer, url, response);
    if (path === peer.token && request.method === 'POST')
      return this.restToken(provider, peer, request, response);
    const user = peer.user[path];
    if (user && request.method === 'GET') return this.userApi(provider, peer, user, request, response, url);
    json(response, 404, { error: 'not_found' });
  }

  /** The user API: the bearer token's account in the peer's shape, or the suspension. */
  private userApi(
    provider: RestProvider,
    peer: RestPeer,
    user: RestPeer['user'][string],
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
  ) {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const grant = token ? this.tokens.get(token) : undefined;
    if (!grant || grant.provider !== provider) return json(response, 401, { error: 'invalid_token' });
    if (this.host.suspended.has(provider) && peer.suspended) return json(response, 403, peer.suspended);
    return json(response, 200, user(grant.account, url));
  }

  private restAuthorize(provider: RestProvider, peer: RestPeer, url: URL, response: ServerResponse) {
    const q = url.searchParams;
    const redirectUri = q.get('redirect_uri') ?? '';
    if (q.get(peer.clientIdParam) !== `${provider}-client` || redirectUri !== this.host.callbackUrl) {
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
    if (this.host.denyNext.delete(provider)) {
      back.searchParams.set('error', 'access_denied');
    } else {
      const code = randomBytes(16).toString('base64url');
      this.codes.set(code, { provider, redirectUri, challenge, account: this.host.accountFor(provider) });
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
    const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const [clientId, clientSecret] = clientCredentials(peer, basic, form);
    const grant = this.codes.get(form.get('code') ?? '');
    this.codes.delete(form.get('code') ?? '');
    const verifier = form.get('code_verifier');
    this.host.received.push({
      provider,
      path: peer.token,
      clientAuth: basic ? 'basic' : 'post',
      pkce: verifier !== null,
    });
    if (clientId !== `${provider}-client` || clientSecret !== this.host.secret(provider)) {
      return json(response, 401, { error: 'invalid_client' });
    }
    if (!grant || !grantMatches(grant, provider, form)) {
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
}
