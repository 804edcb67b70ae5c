/**
 * Sign in with Apple: the app's ES256 key whose JWT is the client secret, and Apple's dialect in
 * front of the OIDC IdP (form_post answers, an id_token whatever the scope).
 */
import { generateKeyPairSync } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { importSPKI, jwtVerify } from 'jose';
import type { PeerHost } from './accounts.js';
import { json, readBody } from './http.js';

const APPLE_AUDIENCE = 'https://appleid.apple.com';

export class AppleFront {
  private readonly key = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  private readonly keyId = 'APPLEKEY01';
  private readonly teamId = 'TEAMID0001';

  constructor(private readonly host: PeerHost) {}

  /** The app settings (`oauth.apple.<field>`) that point Apple at this front and the OIDC IdP. */
  settings(base: string): Record<string, string> {
    const { oidcUrl, restUrl } = this.host;
    return {
      [`${base}client_id`]: 'apple-client',
      [`${base}team_id`]: this.teamId,
      [`${base}key_id`]: this.keyId,
      [`${base}private_key`]: this.key.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      [`${base}authorization_url`]: `${restUrl}/apple/auth/authorize`,
      [`${base}token_url`]: `${restUrl}/apple/auth/token`,
      [`${base}issuer`]: oidcUrl,
      [`${base}jwks_url`]: `${oidcUrl}/jwks`,
    };
  }

  /**
   * Apple's dialect in front of the OIDC IdP: the authorization request must ask for
   * response_mode=form_post (and Apple issues an id_token whatever the scope); the token request
   * authenticates with an ES256 JWT signed by the app's Sign in with Apple key.
   */
  readonly handle = async (request: IncomingMessage, response: ServerResponse, url: URL, path: string) => {
    if (path === '/auth/authorize' && request.method === 'GET') {
      const q = new URLSearchParams(url.searchParams);
      if (q.get('response_mode') !== 'form_post') return json(response, 400, { error: 'invalid_request' });
      q.set('scope', ['openid', ...(q.get('scope') ?? '').split(' ').filter(Boolean)].join(' '));
      response.writeHead(302, { location: `${this.host.oidcUrl}/auth?${q}` }).end();
      return;
    }
    if (path === '/auth/token' && request.method === 'POST') {
      const form = new URLSearchParams(await readBody(request));
      const key = await importSPKI(
        this.key.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
        'ES256',
      );
      try {
        const { payload, protectedHeader } = await jwtVerify(form.get('client_secret') ?? '', key, {
          issuer: this.teamId,
          subject: form.get('client_id') ?? '',
          audience: APPLE_AUDIENCE,
          algorithms: ['ES256'],
        });
        if (protectedHeader.kid !== this.keyId || typeof payload.exp !== 'number') throw new Error('kid');
      } catch {
        this.host.received.push({ provider: 'apple', path, clientAuth: 'invalid' });
        return json(response, 400, { error: 'invalid_client' });
      }
      this.host.received.push({ provider: 'apple', path, clientAuth: 'es256-jwt' });
      form.set('client_secret', this.host.secret('apple'));
      const answer = await fetch(`${this.host.oidcUrl}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
      return;
    }
    json(response, 404, { error: 'not_found' });
  };
}
