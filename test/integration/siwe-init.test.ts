import { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIWE_API_PATHS, SIWE_NONCE_TTL_MS } from '../../src/protocol/siwe-api.js';
import { SIWE_INIT_RATE_LIMITS } from '../../src/server/http/limits.js';
import { TurnstileStandIn } from '../support/turnstile.js';
import { nonceFor, useSiweHarness } from './siwe-support.js';

const h = useSiweHarness();

describe('POST /api/v1/siwe/init', () => {
  it('answers a single-use alphanumeric nonce for the checksummed address, expiring with the TTL', async () => {
    const wallet = Wallet.createRandom();
    const init = await nonceFor(h, wallet.address.toLowerCase());
    expect(init.address).toBe(wallet.address);
    expect(init.nonce).toMatch(/^[A-Za-z0-9]{16,}$/);
    expect(Date.parse(init.expires_at)).toBe(h.clock.now() + SIWE_NONCE_TTL_MS);
    expect((await nonceFor(h, wallet.address)).nonce).not.toBe(init.nonce);
  });

  it('refuses a value that is not an address, and any request while wallet login is off', async () => {
    const bad = await h.post(SIWE_API_PATHS.init, { address: '0x1234' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_data' });
    await h.server.gatehouse.apps.update(h.appId, [{ field: 'wallet_auth', value: false }]);
    const off = await h.post(SIWE_API_PATHS.init, { address: Wallet.createRandom().address });
    expect(off.statusCode).toBe(403);
    expect(off.json()).toMatchObject({ code: 'disallowed_login_method' });
  });
});

describe('siwe/init with captcha and rate limits', () => {
  const turnstile = new TurnstileStandIn();
  beforeAll(() => turnstile.start());
  afterAll(() => turnstile.stop());

  it('asks for a solved captcha when the app enables it', async () => {
    const { apps, captcha } = h.server.gatehouse;
    await apps.update(h.appId, [
      { field: 'captcha_enabled', value: true },
      { field: 'captcha_site_key', value: turnstile.gatehouseSiteKey },
    ]);
    await captcha.set(h.appId, 'captcha_secret_key', turnstile.secretKey);
    await captcha.set(h.appId, 'captcha_verify_url', turnstile.verifyUrl);
    const address = Wallet.createRandom().address;
    const without = await h.post(SIWE_API_PATHS.init, { address });
    expect(without.json()).toEqual({ code: 'invalid_captcha', message: 'Please try again.' });
    const solved = await h.post(SIWE_API_PATHS.init, { address, token: turnstile.issue() });
    expect(solved.statusCode, solved.body).toBe(200);
  });

  it('limits the nonces one address can ask for', async () => {
    const address = Wallet.createRandom().address;
    for (let i = 0; i < SIWE_INIT_RATE_LIMITS.perAddress.max; i += 1) await nonceFor(h, address);
    const over = await h.post(SIWE_API_PATHS.init, { address: address.toLowerCase() });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'too_many_requests' });
    expect((await h.post(SIWE_API_PATHS.init, { address: Wallet.createRandom().address })).statusCode).toBe(
      200,
    );
  });
});
