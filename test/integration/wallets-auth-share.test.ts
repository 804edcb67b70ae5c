import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, HEADERS } from '../../src/protocol/constants.js';
import { toB64url } from '../../src/protocol/sealed-box.js';
import { WALLET_RELEASE_LIMITS } from '../../src/server/http/limits.js';
import { ORIGIN } from './harness.js';
import { expectNoShare } from './wallet-support.js';
import { newKey, useWallets } from './wallets-support.js';

const w = useWallets();

describe('embedded wallet provider endpoints', () => {
  it('refuses the auth share for an expired token', async () => {
    const key = await newKey();
    await w.createWallet(w.alice.token, key);
    w.h.clock.advance(ACCESS_TOKEN_TTL_SECONDS * 1000 + 1000);
    const { response, share } = await w.fetchAuthShare(w.alice.token, key.address);
    expect(share).toBeUndefined();
    expectNoShare(response, 401, 'missing_or_invalid_token');
  });

  it("refuses the auth share for another user's token", async () => {
    const key = await newKey();
    await w.createWallet(w.alice.token, key);
    const { response, share } = await w.fetchAuthShare(w.bob.token, key.address);
    expect(share).toBeUndefined();
    expectNoShare(response, 404, 'embedded_wallet_not_found');
    // Bob's own wallet does not open Alice's either.
    await w.createWallet(w.bob.token, await newKey());
    expectNoShare(
      (await w.fetchAuthShare(w.bob.token, key.address)).response,
      404,
      'embedded_wallet_not_found',
    );
  });

  it('refuses the auth share for a token of another app (another audience)', async () => {
    const key = await newKey();
    await w.createWallet(w.alice.token, key);
    const other = await w.h.server.gatehouse.apps.create('Other', [ORIGIN]);
    const otherHeaders = { [HEADERS.appId]: other.id };
    const code = await w.h.requestCode('alice@example.com', otherHeaders);
    const login = await w.h.post(
      '/api/v1/passwordless/authenticate',
      { email: 'alice@example.com', code },
      otherHeaders,
    );
    const otherToken = login.json<{ token: string }>().token;
    const { response, share } = await w.fetchAuthShare(otherToken, key.address);
    expect(share).toBeUndefined();
    expectNoShare(response, 401, 'missing_or_invalid_token');
    // Under its own app the token names another user, who has no wallet there.
    const own = await w.fetchAuthShare(otherToken, key.address, otherHeaders);
    expectNoShare(own.response, 404, 'embedded_wallet_not_found');
  });

  it('refuses the auth share for an unsigned token (alg: none)', async () => {
    const key = await newKey();
    await w.createWallet(w.alice.token, key);
    const [, payload] = w.alice.token.split('.');
    const header = toB64url(new TextEncoder().encode(JSON.stringify({ alg: 'none', typ: 'JWT' })));
    for (const forged of [`${header}.${payload}.`, `${header}.${payload}`]) {
      const { response, share } = await w.fetchAuthShare(forged, key.address);
      expect(share).toBeUndefined();
      expectNoShare(response, 401, 'missing_or_invalid_token');
    }
  });

  it('answers no host page: a browser request from the app origin is refused', async () => {
    const key = await newKey();
    await w.createWallet(w.alice.token, key);
    const { response, share } = await w.fetchAuthShare(w.alice.token, key.address, { origin: ORIGIN });
    expect(share).toBeUndefined();
    expectNoShare(response, 403, 'invalid_origin');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('rate-limits share releases per user', async () => {
    const key = await newKey();
    await w.createWallet(w.alice.token, key);
    const statuses: number[] = [];
    for (let i = 0; i <= WALLET_RELEASE_LIMITS.perUser.max; i += 1) {
      statuses.push((await w.fetchAuthShare(w.alice.token, key.address)).response.statusCode);
    }
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
