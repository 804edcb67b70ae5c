import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { OAUTH_PROVIDERS, type OAuthProvider } from '../../src/protocol/constants.js';
import type { BuildServerOptions } from '../../src/server/app.js';
import { LocalIdentityProviders } from '../support/idp.js';
import { freePort } from '../support/provider.js';
import { type Harness, ORIGIN, startHarness } from './harness.js';

export const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
export const HOST_PAGE = `${ORIGIN}/shop/checkout?step=2`;

export interface Started {
  verifier: string;
  state: string;
  url: string;
}

/**
 * The provider listening on a free port (its public URL is the identity providers' redirect URI,
 * so it must be known before it listens; another socket may take that port in between, and then
 * it picks again), with the local identity providers configured for every provider of §1.
 */
export class OAuthWorld {
  private constructor(
    readonly h: Harness,
    readonly idp: LocalIdentityProviders,
    readonly publicUrl: string,
  ) {}

  static async start(options: Partial<BuildServerOptions> = {}): Promise<OAuthWorld> {
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const publicUrl = `http://127.0.0.1:${port}`;
      const h = await startHarness({ publicUrl, ...options });
      try {
        await h.server.listen({ port, host: '127.0.0.1' });
      } catch (error) {
        await h.close();
        if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt === 5) throw error;
        continue;
      }
      const idp = new LocalIdentityProviders(`${publicUrl}/api/v1/oauth/callback`);
      await idp.start();
      const world = new OAuthWorld(h, idp, publicUrl);
      for (const provider of OAUTH_PROVIDERS) await world.configure(provider);
      return world;
    }
  }

  async close(): Promise<void> {
    await this.idp.stop();
    await this.h.close();
  }

  async configure(provider: OAuthProvider, enabled = true): Promise<void> {
    const { apps, oauth } = this.h.server.gatehouse;
    await apps.update(this.h.appId, [{ field: `${provider}_oauth`, value: enabled }]);
    for (const [name, value] of Object.entries(this.idp.settings(provider)))
      await oauth.set(this.h.appId, name, value);
  }

  /** What the widget does on the host page: a verifier, its S256 challenge, a state, then oauth/init. */
  async init(provider: string, redirectTo = HOST_PAGE): Promise<Started> {
    const verifier = randomBytes(36).toString('base64url');
    const state = randomBytes(36).toString('base64url');
    const response = await this.h.post('/api/v1/oauth/init', {
      provider,
      redirect_to: redirectTo,
      code_challenge: s256(verifier),
      state_code: state,
    });
    expect(response.statusCode, response.body).toBe(200);
    return { verifier, state, url: response.json<{ url: string }>().url };
  }

  /** Through the identity provider and the Gatehouse callback, back to the host page. */
  async visitProvider(started: Started, options: { login?: string; deny?: boolean } = {}): Promise<URL> {
    const callback = await this.idp.authorize(started.url, options);
    const answer = await fetch(callback.url, {
      method: callback.method,
      redirect: 'manual',
      ...(callback.form
        ? {
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams(callback.form).toString(),
          }
        : {}),
    });
    expect(answer.status).toBe(303);
    return new URL(answer.headers.get('location') as string);
  }

  redeem(path: 'authenticate' | 'link', body: Record<string, string>, token?: string) {
    return this.h.post(`/api/v1/oauth/${path}`, body, token ? { authorization: `Bearer ${token}` } : {});
  }

  /** init, the provider, the callback, then oauth/authenticate (or link with a token). */
  async loginThrough(provider: OAuthProvider, options: { login?: string; linkWith?: string } = {}) {
    const started = await this.init(provider);
    const back = await this.visitProvider(started, options.login ? { login: options.login } : {});
    const path = options.linkWith ? 'link' : 'authenticate';
    return this.redeem(path, redeemBody(back, started), options.linkWith);
  }
}

export const redeemBody = (back: URL, started: Started) => ({
  authorization_code: back.searchParams.get('gatehouse_oauth_code') as string,
  state_code: started.state,
  code_verifier: started.verifier,
});
