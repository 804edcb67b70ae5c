/**
 * A Farcaster auth relay on loopback, speaking the relay's HTTP API (farcasterxyz/auth-monorepo,
 * apps/relay): `POST /v1/channel` {siweUri, domain, nonce?, notBefore?, expirationTime?} → 201
 * {channelToken, url, connectUri, nonce}; `GET /v1/channel/status` (bearer channel token) → 202
 * pending or 200 completed, then the channel is closed; `POST /v1/channel/authenticate` (bearer
 * channel token and the Farcaster app's `x-farcaster-auth-relay-key`) completes it.
 *
 * With a `demoUser`, it also serves the page the connect URI opens: the Farcaster app's side,
 * which signs in as that user with its custody key (the demo has no phone).
 */
import { randomBytes } from 'node:crypto';
import { bearerOf, escapeHtml, HttpPeer, jsonOf, type PeerRequest, type PeerResponse } from './http-peer.js';
import { completeChannel, type FarcasterUser } from './wallet.js';

interface Channel {
  state: 'pending' | 'completed';
  nonce: string;
  connectUri: string;
  signatureParams: Record<string, unknown>;
  completion?: Record<string, unknown>;
}

const DOMAIN = /^[a-zA-Z0-9.-]+(:[0-9]+)?$/;
const NONCE = /^[a-zA-Z0-9]{8,}$/;
const SIGN_IN_PAGE = '/~/sign-in-with-farcaster';

export interface RelayPeerOptions {
  /** The key the Farcaster app completes channels with. */
  authKey?: string;
  /** Where connect URIs point (the Farcaster app); by default this peer's own sign-in page. */
  connectBase?: string;
  /** The account the sign-in page signs in as. */
  demoUser?: FarcasterUser;
}

export class FarcasterRelayPeer extends HttpPeer {
  readonly authKey: string;
  private readonly channels = new Map<string, Channel>();
  /** Every createChannel body, in order. */
  readonly created: Array<Record<string, unknown>> = [];

  constructor(private readonly options: RelayPeerOptions = {}) {
    super();
    this.authKey = options.authKey ?? randomBytes(16).toString('hex');
  }

  protected handle(request: PeerRequest): Promise<PeerResponse> | PeerResponse {
    const route = `${request.method} ${request.url.pathname}`;
    switch (route) {
      case 'POST /v1/channel':
        return this.create(request);
      case 'GET /v1/channel/status':
        return this.status(request);
      case 'POST /v1/channel/authenticate':
        return this.authenticate(request);
      case `GET ${SIGN_IN_PAGE}`:
        return this.signInPage(request);
      case `POST ${SIGN_IN_PAGE}`:
        return this.signInAsDemoUser(request);
      default:
        return { status: 404, json: { error: 'Not found' } };
    }
  }

  private create(request: PeerRequest): PeerResponse {
    const body = jsonOf(request);
    const { siweUri, domain, nonce } = body ?? {};
    if (
      typeof siweUri !== 'string' ||
      !URL.canParse(siweUri) ||
      typeof domain !== 'string' ||
      !DOMAIN.test(domain)
    ) {
      return { status: 400, json: { error: 'Validation error', message: 'siweUri and domain are required' } };
    }
    if (nonce !== undefined && (typeof nonce !== 'string' || !NONCE.test(nonce))) {
      return { status: 400, json: { error: 'Validation error', message: 'nonce must be 8+ alphanumerics' } };
    }
    this.created.push(body as Record<string, unknown>);
    const channelToken = randomBytes(16).toString('hex');
    const params = {
      ...(body as Record<string, string>),
      nonce: (nonce as string) ?? randomBytes(8).toString('hex'),
    };
    const query = new URLSearchParams({ channelToken, ...params });
    const connectUri = `${this.options.connectBase ?? `${this.url}${SIGN_IN_PAGE}`}?${query}`;
    this.channels.set(channelToken, {
      state: 'pending',
      nonce: params.nonce,
      connectUri,
      signatureParams: params,
    });
    return { status: 201, json: { channelToken, url: connectUri, connectUri, nonce: params.nonce } };
  }

  private status(request: PeerRequest): PeerResponse {
    const token = bearerOf(request);
    const channel = token ? this.channels.get(token) : undefined;
    if (!token || !channel) return { status: 401, json: { error: 'Unauthorized' } };
    const { state, nonce, signatureParams, completion } = channel;
    if (state === 'pending') return { status: 202, json: { state, nonce, signatureParams } };
    this.channels.delete(token);
    return { status: 200, json: { state, nonce, signatureParams, ...completion } };
  }

  private authenticate(request: PeerRequest): PeerResponse {
    const token = bearerOf(request);
    const channel = token ? this.channels.get(token) : undefined;
    if (request.headers['x-farcaster-auth-relay-key'] !== this.authKey || !channel) {
      return { status: 401, json: { error: 'Unauthorized' } };
    }
    const body = jsonOf(request);
    if (!body || typeof body.message !== 'string' || !/^0x[0-9a-fA-F]+$/.test(String(body.signature))) {
      return { status: 400, json: { error: 'Validation error' } };
    }
    if (typeof body.fid !== 'number') return { status: 400, json: { error: 'Validation error' } };
    channel.state = 'completed';
    channel.completion = body;
    return { status: 201, json: { state: 'completed', nonce: channel.nonce, ...body } };
  }

  /** The Farcaster app's confirmation, for a person trying the demo on a desktop. */
  private signInPage(request: PeerRequest): PeerResponse {
    const user = this.options.demoUser;
    const domain = request.url.searchParams.get('domain') ?? '?';
    if (!user) return { status: 404, html: '<p>No demo account on this relay.</p>' };
    const hidden = [...request.url.searchParams]
      .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
      .join('');
    return {
      status: 200,
      html: `<!doctype html><meta charset="utf-8"><title>Sign In With Farcaster (stand-in)</title>
<h1>Sign in to ${escapeHtml(domain)}</h1>
<p>This page stands in for the Farcaster app (demo only). It signs in as
<b>@${escapeHtml(user.username)}</b> (fid ${user.fid}) with that account's demo custody key.</p>
<form method="post">${hidden}<button type="submit">Sign in as @${escapeHtml(user.username)}</button></form>`,
    };
  }

  private async signInAsDemoUser(request: PeerRequest): Promise<PeerResponse> {
    const user = this.options.demoUser;
    const form = new URLSearchParams(request.body.toString('utf8'));
    if (!user || !form.get('channelToken')) return { status: 400, html: '<p>Nothing to sign.</p>' };
    const connectUri = `${this.url}${SIGN_IN_PAGE}?${form}`;
    await completeChannel(this.url, this.authKey, user, connectUri);
    return {
      status: 200,
      html: `<!doctype html><meta charset="utf-8"><title>Signed in</title>
<h1>Signed in as @${escapeHtml(user.username)}</h1><p>Go back to the page that showed the QR code.</p>`,
    };
  }
}
