/**
 * The `oidc-provider` OpenID Provider for Google, LinkedIn and Apple (behind its front): any login
 * name signs in and is the account's sub; it signs the id_tokens and serves the userinfo.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import Provider from 'oidc-provider';
import type { OAuthProvider } from '../../../src/protocol/constants.js';
import { OIDC_PROVIDERS, type PeerHost } from './accounts.js';

/** Serves the OpenID Provider at host.oidcUrl on `server`; `ignoreNonce()` drops the nonce of authorization requests. */
export function serveOidc(server: Server, host: PeerHost, ignoreNonce: () => boolean): void {
  const clients = OIDC_PROVIDERS.map((provider) => ({
    client_id: `${provider}-client`,
    client_secret: host.secret(provider),
    redirect_uris: [host.callbackUrl],
    grant_types: ['authorization_code'],
    response_types: ['code' as const],
    token_endpoint_auth_method: 'client_secret_post' as const,
  }));
  const oidc = new Provider(host.oidcUrl, {
    clients,
    // Any login name signs in, and is the account's sub (oidc-provider's account id); the
    // other claims come from oidcAccounts, or defaultAccount of the client's provider.
    findAccount: async (ctx, id) => {
      const client = ctx.oidc?.client?.clientId ?? 'google-client';
      const account = host.accountFor(client.replace(/-client$/, '') as OAuthProvider, id);
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
  const callback = oidc.callback();
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (ignoreNonce() && request.url?.startsWith('/auth?')) {
      const url = new URL(request.url, host.oidcUrl);
      url.searchParams.delete('nonce');
      request.url = `${url.pathname}${url.search}`;
    }
    callback(request, response);
  });
}
