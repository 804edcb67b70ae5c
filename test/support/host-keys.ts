import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;

/**
 * A host site's own identity service for custom auth: an RS256 key pair, its JWKS published on
 * loopback (as a host backend would), and tokens for its users. Started and stopped by the test.
 */
export class HostKeys {
  readonly issuer = 'https://host.example';
  readonly audience = 'host-app';
  readonly kid = 'host-key-1';
  url = '';
  /** How many times the provider fetched the JWKS. */
  fetches = 0;
  private server: Server | undefined;

  private constructor(readonly keys: KeyPair) {}

  static async start(): Promise<HostKeys> {
    const host = new HostKeys(await generateKeyPair('RS256', { extractable: true }));
    const jwk = { ...(await exportJWK(host.keys.publicKey)), kid: host.kid, alg: 'RS256', use: 'sig' };
    host.server = createServer((_request, response) => {
      host.fetches += 1;
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
    });
    const server = host.server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    host.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/jwks.json`;
    return host;
  }

  /** `gatehouse apps set` assignments that make the provider trust these keys. */
  get settings(): string[] {
    return [
      `custom_auth.jwks_url=${this.url}`,
      `custom_auth.issuer=${this.issuer}`,
      `custom_auth.audience=${this.audience}`,
    ];
  }

  /** A token for `sub`, valid for 10 minutes from `nowSeconds`; `claims` override any claim. */
  sign(
    claims: JWTPayload = {},
    options: { nowSeconds?: number; key?: Parameters<SignJWT['sign']>[0]; alg?: string } = {},
  ): Promise<string> {
    const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
    const payload = { iss: this.issuer, aud: this.audience, sub: 'user-42', iat: now, exp: now + 600 };
    return new SignJWT({ ...payload, ...claims })
      .setProtectedHeader({ alg: options.alg ?? 'RS256', kid: this.kid, typ: 'JWT' })
      .sign(options.key ?? this.keys.privateKey);
  }

  stop(): Promise<void> {
    const server = this.server;
    return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}
