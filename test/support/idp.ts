/**
 * Local identity providers for the OAuth tests, each a real protocol peer on loopback:
 * - an `oidc-provider` OpenID Provider (Google, LinkedIn, and Apple behind a small front that
 *   speaks Apple's dialect: form_post answers, an ES256 JWT as client secret, id_token always);
 * - small HTTP peers speaking Twitter's, Discord's, GitHub's, Spotify's and TikTok's OAuth 2.0
 *   authorization, token and user APIs, approving at once (or denying, or reporting a suspension).
 * The pieces are in ./idp/: the accounts, the OIDC IdP, Apple's front, the REST peers and their
 * user API shapes, and the user's HTTP client.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { OAuthProvider } from '../../src/protocol/constants.js';
import {
  type CallbackRequest,
  defaultAccount,
  type IdpAccount,
  isRestProvider,
  OIDC_PROVIDERS,
  type PeerHost,
  REST_PROVIDERS,
  type ReceivedRequest,
  type RestProvider,
} from './idp/accounts.js';
import { AppleFront } from './idp/apple.js';
import { json, listen } from './idp/http.js';
import { serveOidc } from './idp/oidc.js';
import { REST_PEERS } from './idp/rest-peers.js';
import { RestPeers } from './idp/rest-server.js';
import { authorizeAsUser } from './idp/user-agent.js';
import { closeServer } from './loopback.js';

export { type CallbackRequest, defaultAccount, type IdpAccount, OIDC_PROVIDERS, REST_PROVIDERS };

const secretOf = (provider: OAuthProvider) => `${provider}-secret-${randomBytes(6).toString('hex')}`;

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
  readonly received: ReceivedRequest[] = [];

  private readonly secrets = new Map<OAuthProvider, string>();
  private readonly host: PeerHost;
  private readonly apple: AppleFront;
  private oidcServer: Server | undefined;
  private restServer: Server | undefined;

  /** `callbackUrl` is the Gatehouse provider's `/api/v1/oauth/callback`, the only registered redirect URI. */
  constructor(private readonly callbackUrl: string) {
    for (const provider of [...OIDC_PROVIDERS, ...REST_PROVIDERS])
      this.secrets.set(provider, secretOf(provider));
    const idp = this;
    this.host = {
      callbackUrl,
      get oidcUrl() {
        return idp.oidcUrl;
      },
      get restUrl() {
        return idp.restUrl;
      },
      denyNext: this.denyNext,
      suspended: this.suspended,
      received: this.received,
      secret: (provider) => this.secrets.get(provider) as string,
      accountFor: (provider, login) => this.accountFor(provider, login),
    };
    this.apple = new AppleFront(this.host);
  }

  async start(): Promise<void> {
    this.oidcServer = createServer();
    this.oidcUrl = await listen(this.oidcServer);
    const rest = new RestPeers(this.host, this.apple.handle);
    this.restServer = createServer((request, response) => {
      rest.handle(request, response).catch((error: unknown) => {
        json(response, 500, { error: 'server_error', error_description: String(error) });
      });
    });
    this.restUrl = await listen(this.restServer);
    serveOidc(this.oidcServer, this.host, () => this.ignoreNonce);
  }

  async stop(): Promise<void> {
    for (const server of [this.oidcServer, this.restServer]) if (server) await closeServer(server);
  }

  /** The app settings (`oauth.<provider>.<field>`) that point a provider at these peers. */
  settings(provider: OAuthProvider): Record<string, string> {
    const base = `oauth.${provider}.`;
    const secret = this.secrets.get(provider) as string;
    if (provider === 'apple') return this.apple.settings(base);
    if (!isRestProvider(provider)) {
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
    const peer = REST_PEERS[provider];
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
    if (isRestProvider(provider)) return this.restAccounts.get(provider) ?? defaultAccount(provider);
    return this.oidcAccounts.get(login) ?? { ...defaultAccount(provider, login), sub: login };
  }

  /**
   * Plays the user at the identity provider with a real HTTP client (cookies, redirects, the
   * IdP's login and consent forms) from the authorization URL until the browser would go to the
   * Gatehouse callback. `deny` presses the IdP's cancel instead of consenting.
   */
  authorize(url: string, options: { login?: string; deny?: boolean } = {}): Promise<CallbackRequest> {
    return authorizeAsUser(url, this.callbackUrl, options);
  }
}
