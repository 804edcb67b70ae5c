import { createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from 'jose';
import { type Endpoints, ProviderError, type ProviderSettings, type TokenAnswer } from './types.js';

/**
 * OpenID Connect id_tokens (Google, LinkedIn, Apple): signed by the provider's keys (fetched from
 * its JWKS, kept per URL), for its issuer and the app's client, and carrying the nonce the flow
 * sent. A token without that nonce is refused like one with another: it may have been issued to
 * another flow and replayed into this one.
 */
export class IdTokenVerifier {
  private readonly keySets = new Map<string, JWTVerifyGetKey>();

  constructor(private readonly timeoutMs: number) {}

  /** The verified claims; undefined for a provider without id_tokens (no jwks_url). */
  async verify(
    endpoints: Endpoints,
    settings: ProviderSettings,
    tokens: TokenAnswer,
    expected: { nonce: string; now: number },
  ): Promise<Record<string, unknown> | undefined> {
    if (!endpoints.jwksUrl) return undefined;
    if (typeof tokens.id_token !== 'string') throw new ProviderError('the token answer has no id_token');
    const { payload } = await jwtVerify(tokens.id_token, this.keysOf(endpoints.jwksUrl), {
      issuer: endpoints.issuer,
      audience: settings.client_id as string,
      currentDate: new Date(expected.now),
    });
    if (payload.nonce === undefined) throw new ProviderError('id_token without the nonce this flow sent');
    if (payload.nonce !== expected.nonce) throw new ProviderError('id_token nonce mismatch');
    return payload as Record<string, unknown>;
  }

  private keysOf(jwksUrl: string): JWTVerifyGetKey {
    let keys = this.keySets.get(jwksUrl);
    if (!keys) {
      keys = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: this.timeoutMs });
      this.keySets.set(jwksUrl, keys);
    }
    return keys;
  }
}
