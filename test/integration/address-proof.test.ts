import { type HDNodeWallet, Wallet } from 'ethers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newDeviceKey } from '../../src/frame/device-key.js';
import { newEntropy, reconstruct, splitEntropy, walletFromEntropy } from '../../src/frame/keys.js';
import { sealWithPassword } from '../../src/frame/password-box.js';
import { type WalletApi, walletApi } from '../../src/frame/wallet-api.js';
import type { AuthResult } from '../../src/protocol/api.js';
import { SIWE_API_PATHS } from '../../src/protocol/siwe-api.js';
import { WALLET_API_PATHS } from '../../src/protocol/wallet-api.js';
import { frameFetch } from './frame-fetch.js';
import { frameHost } from './frame-host.js';
import { type Harness, PUBLIC_URL, startHarness } from './harness.js';
import { siweBody } from './siwe-support.js';
import { rawRequest, refusal } from './wallet-support.js';

/**
 * The provider proves what it stores. A wallet is created, and its
 * shares replaced, only with a signature of the wallet's own key over a server challenge (and, for
 * a reshare, the device proof); shares that do not rebuild the address are refused.
 */
let h: Harness;
let api: WalletApi;

beforeEach(async () => {
  h = await startHarness();
  await h.server.gatehouse.apps.update(h.appId, [{ field: 'wallet_auth', value: true }]);
  api = walletApi({ baseUrl: PUBLIC_URL, appId: h.appId, fetch: frameFetch(() => h) });
});
afterEach(async () => {
  await h.close();
});

describe('proof of address', () => {
  it("refuses someone else's address as an embedded wallet; its owner still signs in with it", async () => {
    const owner = Wallet.createRandom();
    const mallory = await h.login('mallory@example.com');
    const entropy = newEntropy();
    const shares = await splitEntropy(entropy);
    const signer = await walletFromEntropy(entropy);
    const stored = {
      recoveryMethod: 'gatehouse' as const,
      authShare: shares.auth,
      recovery: shares.recovery,
    };
    // Every proof Mallory can make, but the address is the owner's.
    const claimed = api.create(mallory.token, owner.address, stored, {
      device: await newDeviceKey(),
      signAddress: (message) => signer.signMessage(message),
    });
    expect(await refusal(claimed)).toBe('invalid_address_proof');
    const box = await sealWithPassword(shares.recovery, 'correct-horse-42');
    const asPasscode = api.create(
      mallory.token,
      owner.address,
      { recoveryMethod: 'user-passcode', authShare: shares.auth, recovery: box },
      { device: await newDeviceKey(), signAddress: (message) => signer.signMessage(message) },
    );
    expect(await refusal(asPasscode)).toBe('invalid_address_proof');
    const rows = await h.server.gatehouse.db.selectFrom('embedded_wallets').selectAll().execute();
    expect(rows).toEqual([]);

    const login = await h.post(SIWE_API_PATHS.authenticate, await siweBody(h, owner));
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json<AuthResult>().is_new_user).toBe(true);
  });

  it('refuses a creation whose silent-recovery shares rebuild another key', async () => {
    const { token } = await h.login('alice@example.com');
    const entropy = newEntropy();
    const wallet = await walletFromEntropy(entropy);
    const other = await splitEntropy(newEntropy());
    const stored = { recoveryMethod: 'gatehouse' as const, authShare: other.auth, recovery: other.recovery };
    const created = api.create(token, wallet.address, stored, {
      device: await newDeviceKey(),
      signAddress: (message) => wallet.signMessage(message),
    });
    expect(await refusal(created)).toBe('invalid_wallet_share');
  });
});

describe('reshare', () => {
  /** Alice's wallet, made by the frame, and what her browser holds. */
  async function alicesWallet() {
    const login = await h.login('alice@example.com');
    const device = frameHost(() => h)();
    const created = await device.request('wallet:create', { accessToken: login.token });
    const address = created.data?.address as string;
    const key = await device.store.getKey(h.appId, address);
    const share = (await device.store.get(h.appId, address)) as Uint8Array;
    const auth = await api.authShare(login.token, address, { device: key! });
    const wallet: HDNodeWallet = await reconstruct(share, auth, address);
    return { login, device, address, key: key!, wallet, auth };
  }

  it('refuses junk shares, another key’s signature, and a token without the device', async () => {
    const { login, device, address, key, wallet, auth } = await alicesWallet();
    const junk = await splitEntropy(newEntropy());
    const sign = { device: key, signAddress: (message: string) => wallet.signMessage(message) };

    const gatehouseJunk = {
      recoveryMethod: 'gatehouse' as const,
      authShare: junk.auth,
      recovery: junk.recovery,
    };
    expect(await refusal(api.reshare(login.token, address, gatehouseJunk, sign))).toBe(
      'invalid_wallet_share',
    );

    const passcodeJunk = {
      recoveryMethod: 'user-passcode' as const,
      authShare: junk.auth,
      recovery: await sealWithPassword(junk.recovery, 'correct-horse-42'),
    };
    const stranger = Wallet.createRandom();
    const notTheKey = { device: key, signAddress: (message: string) => stranger.signMessage(message) };
    expect(await refusal(api.reshare(login.token, address, passcodeJunk, notTheKey))).toBe(
      'invalid_address_proof',
    );
    const withoutDevice = await rawRequest(h, 'POST', WALLET_API_PATHS.reshare(address), login.token, {
      recoveryMethod: 'user-passcode',
      authShare: { epk: {}, iv: 'AA', ct: 'AA' },
      recovery: passcodeJunk.recovery,
      addressSignature: await wallet.signMessage('anything'),
    });
    expect(withoutDevice.statusCode).toBe(403);
    expect(withoutDevice.json()).toMatchObject({ code: 'invalid_device_proof' });

    // Nothing changed: the same auth share, and the frame still signs.
    expect(await api.authShare(login.token, address, { device: key })).toEqual(auth);
    const signed = await device.request('wallet:rpc', {
      accessToken: login.token,
      address,
      request: { method: 'personal_sign', params: ['still mine', address] },
    });
    expect(signed.data?.response.data).toBe(await wallet.signMessage('still mine'));
  });
});
