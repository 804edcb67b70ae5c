import { Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { AuthResult } from '../../src/protocol/api.js';
import { HEADERS } from '../../src/protocol/constants.js';
import { SIWE_API_PATHS, SIWE_NONCE_TTL_MS } from '../../src/protocol/siwe-api.js';
import { ORIGIN, runCliCaptured } from './harness.js';
import { insertEmbeddedWallet, nonceFor, signedMessage, useSiweHarness, wallets } from './siwe-support.js';

const OTHER_ORIGIN = 'https://other.example';

const h = useSiweHarness();

describe('POST /api/v1/siwe/authenticate', () => {
  it('logs a wallet in with a real signature: a new user with the wallet account, then the same user', async () => {
    const wallet = Wallet.createRandom();
    const response = await h.post(SIWE_API_PATHS.authenticate, await signedMessage(h, wallet));
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<AuthResult>();
    expect(result.is_new_user).toBe(true);
    expect(result.token).toBeTruthy();
    expect(result.refresh_token).toBeTruthy();
    expect(wallets(result.user)).toEqual([
      expect.objectContaining({
        type: 'wallet',
        address: wallet.address,
        chain_type: 'ethereum',
        chain_id: 'eip155:1',
        wallet_client: 'unknown',
        wallet_client_type: 'metamask',
        connector_type: 'injected',
        verified_at: Math.floor(h.clock.now() / 1000),
      }),
    ]);

    const again = await h.post(
      SIWE_API_PATHS.authenticate,
      await signedMessage(h, wallet, { chainId: 8453 }),
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<AuthResult>()).toMatchObject({ is_new_user: false, user: { id: result.user.id } });
    expect(wallets(again.json<AuthResult>().user)[0]).toMatchObject({ chain_id: 'eip155:8453' });
  });

  it('accepts a message whose address is all lowercase, and one with Not Before in the past', async () => {
    const wallet = Wallet.createRandom();
    const body = await signedMessage(h, wallet, {
      address: wallet.address.toLowerCase(),
      notBefore: new Date(h.clock.now() - 1000),
      expirationTime: new Date(h.clock.now() + 60_000),
    });
    const response = await h.post(SIWE_API_PATHS.authenticate, body);
    expect(response.statusCode, response.body).toBe(200);
    expect(wallets(response.json<AuthResult>().user)[0]).toMatchObject({ address: wallet.address });
  });

  async function expectRefused(
    body: unknown,
    status: number,
    code: string,
    message?: RegExp,
    headers?: Record<string, string>,
  ) {
    const response = await h.post(SIWE_API_PATHS.authenticate, body, headers);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject({ code });
    if (message) expect(response.json<{ message: string }>().message).toMatch(message);
  }

  it('refuses a domain that is not the requesting page’s', async () => {
    const wallet = Wallet.createRandom();
    await expectRefused(
      await signedMessage(h, wallet, { domain: 'evil.example' }),
      400,
      'invalid_siwe_message',
      /domain/,
    );
  });

  it('refuses a URI outside the app’s origins', async () => {
    const wallet = Wallet.createRandom();
    const body = await signedMessage(h, wallet, { uri: 'https://evil.example/' });
    await expectRefused(body, 400, 'invalid_siwe_message', /URI/);
  });

  it('refuses a request from another Origin, and a message for another origin of the app', async () => {
    const wallet = Wallet.createRandom();
    const body = await signedMessage(h, wallet);
    await expectRefused(body, 403, 'invalid_origin', undefined, { origin: OTHER_ORIGIN });
    // The app allows both origins: the message names the first, the page is the second.
    await h.server.gatehouse.apps.update(h.appId, [
      { field: 'allowed_origins', value: [ORIGIN, OTHER_ORIGIN] },
    ]);
    await expectRefused(body, 400, 'invalid_siwe_message', /domain/, { origin: OTHER_ORIGIN });
    // Sign-in comes from a page: a request without Origin is refused.
    const noOrigin = await h.inject({
      method: 'POST',
      url: SIWE_API_PATHS.authenticate,
      headers: { [HEADERS.appId]: h.appId, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(noOrigin.json()).toMatchObject({
      code: 'invalid_siwe_message',
      message: expect.stringMatching(/Origin/),
    });
    // The refusals did not spend the nonce.
    expect((await h.post(SIWE_API_PATHS.authenticate, body)).statusCode).toBe(200);
  });

  it('refuses a nonce used already', async () => {
    const wallet = Wallet.createRandom();
    const body = await signedMessage(h, wallet);
    expect((await h.post(SIWE_API_PATHS.authenticate, body)).statusCode).toBe(200);
    await expectRefused(body, 422, 'invalid_siwe_nonce');
  });

  it('refuses the nonce issued for another address, and one never issued', async () => {
    const wallet = Wallet.createRandom();
    const other = await nonceFor(h, Wallet.createRandom().address);
    await expectRefused(await signedMessage(h, wallet, { nonce: other.nonce }), 422, 'invalid_siwe_nonce');
    await expectRefused(
      await signedMessage(h, wallet, { nonce: 'abcdefgh12345678' }),
      422,
      'invalid_siwe_nonce',
    );
  });

  it('refuses an expired message and an expired nonce', async () => {
    const wallet = Wallet.createRandom();
    const expired = await signedMessage(h, wallet, { expirationTime: new Date(h.clock.now() + 30_000) });
    h.clock.advance(31_000);
    await expectRefused(expired, 400, 'invalid_siwe_message', /expired/);

    const late = await signedMessage(h, wallet);
    h.clock.advance(SIWE_NONCE_TTL_MS + 1000);
    await expectRefused(late, 400, 'invalid_siwe_message', /too old/);
    // Re-signed with a fresh Issued At, the expired nonce is still refused.
    const lateNonce = /^Nonce: (\w+)$/m.exec(late.message)?.[1];
    const stale = await signedMessage(h, wallet, { issuedAt: new Date(h.clock.now()), nonce: lateNonce });
    await expectRefused(stale, 422, 'invalid_siwe_nonce');
  });

  it('refuses an Issued At in the future and a Not Before not reached', async () => {
    const wallet = Wallet.createRandom();
    await expectRefused(
      await signedMessage(h, wallet, { issuedAt: new Date(h.clock.now() + 5 * 60_000) }),
      400,
      'invalid_siwe_message',
      /future/,
    );
    await expectRefused(
      await signedMessage(h, wallet, { notBefore: new Date(h.clock.now() + 5 * 60_000) }),
      400,
      'invalid_siwe_message',
      /Not Before/,
    );
  });

  it('refuses a chain the app does not support, and a chainId other than the message’s', async () => {
    const wallet = Wallet.createRandom();
    const cli = await runCliCaptured(h.database.env, ['apps', 'set', h.appId, 'siwe.chain_ids=1,8453']);
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stderr).toContain('siwe.chain_ids');
    await expectRefused(
      await signedMessage(h, wallet, { chainId: 10 }),
      400,
      'siwe_chain_not_supported',
      /Chain ID 10/,
    );
    const mismatch = { ...(await signedMessage(h, wallet, { chainId: 8453 })), chainId: 1 };
    await expectRefused(mismatch, 400, 'invalid_siwe_message', /Chain ID/);
    expect(
      (await h.post(SIWE_API_PATHS.authenticate, await signedMessage(h, wallet, { chainId: 8453 })))
        .statusCode,
    ).toBe(200);
  });

  it('refuses a signature by another wallet, and a signature that is not one', async () => {
    const wallet = Wallet.createRandom();
    const body = await signedMessage(h, wallet);
    const forged = { ...body, signature: await Wallet.createRandom().signMessage(body.message) };
    await expectRefused(forged, 422, 'invalid_siwe_signature');
    await expectRefused({ ...body, signature: '0xdeadbeef' }, 422, 'invalid_siwe_signature');
    // The refusals did not spend the nonce: the genuine signature still logs in.
    expect((await h.post(SIWE_API_PATHS.authenticate, body)).statusCode).toBe(200);
  });

  it('refuses a malformed message, saying what is wrong', async () => {
    const wallet = Wallet.createRandom();
    const body = await signedMessage(h, wallet);
    const message = body.message.replace('Version: 1', 'Version: 2');
    await expectRefused(
      { ...body, message, signature: await wallet.signMessage(message) },
      400,
      'invalid_siwe_message',
      /Version/,
    );
    const garbage = 'please let me in';
    await expectRefused(
      { ...body, message: garbage, signature: await wallet.signMessage(garbage) },
      400,
      'invalid_siwe_message',
      /header/,
    );
  });

  it('applies the allowlist to wallet addresses', async () => {
    const listed = Wallet.createRandom();
    const cli = await runCliCaptured(h.database.env, [
      'apps',
      'set',
      h.appId,
      'allowlist.enabled=true',
      `allowlist.wallet_addresses=${listed.address}`,
    ]);
    expect(cli.code, cli.stderr).toBe(0);
    await expectRefused(await signedMessage(h, Wallet.createRandom()), 403, 'allowlist_rejected');
    expect((await h.post(SIWE_API_PATHS.authenticate, await signedMessage(h, listed))).statusCode).toBe(200);
  });

  it('refuses the address of an embedded wallet', async () => {
    const embedded = Wallet.createRandom();
    const { user } = await h.login('owner@example.com');
    await insertEmbeddedWallet(h, user.id, embedded.address);
    await expectRefused(await signedMessage(h, embedded), 400, 'embedded_wallet_not_linkable');
  });
});
