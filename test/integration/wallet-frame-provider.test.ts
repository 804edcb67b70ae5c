import { Mnemonic, Transaction, verifyMessage, verifyTypedData } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AddressMismatchError, rebuild, reconstruct } from '../../src/frame/keys.js';
import { walletApi } from '../../src/frame/wallet-api.js';
import type { UserWire } from '../../src/protocol/api.js';
import { toB64url } from '../../src/protocol/sealed-box.js';
import { WALLET_FRAME_READY, WALLET_FRAME_SOURCE } from '../../src/protocol/wallet-frame.js';
import { frameFetch as frameFetchFor } from './frame-fetch.js';
import { frameHost, type Posted, ProfileStore } from './frame-host.js';
import { type Harness, ORIGIN, PUBLIC_URL, startHarness } from './harness.js';
import { confirmByEmail, enterPassword, laterLogin, typePassword } from './step-up-support.js';

const OTHER_ORIGIN = 'http://localhost:5173';
const ALICE = 'alice@example.com';

/**
 * The real frame code against the provider: it creates a wallet, signs, recovers on a new browser
 * once the step-up is typed in that browser's surface, sets a recovery password typed there and
 * recovers with it; no key, mnemonic, share or password reaches the host page or the provider.
 */
describe('the wallet frame against the provider', () => {
  let h: Harness;
  let alice: { token: string; user: UserWire };
  let bob: { token: string; user: UserWire };
  /** Every request body and response body between any frame and the provider. */
  const wire: string[] = [];
  /** Every message any frame posted to its host. */
  const posted: Posted[] = [];
  const frameFetch = frameFetchFor(() => h, wire);
  const openFrame = frameHost(() => h, { wire, posted });

  async function walletAccounts(userId: string) {
    const user = (await h.server.gatehouse.users.get(userId)) as UserWire;
    return user.linked_accounts.filter((account) => account.type === 'wallet');
  }

  beforeAll(async () => {
    h = await startHarness();
    alice = await h.login(ALICE);
    bob = await h.login('bob@example.com');
  });
  afterAll(async () => {
    await h.close();
  });

  it('says ready to the host origin only, and ignores messages from elsewhere or not from its parent', async () => {
    const device = openFrame();
    expect(device.mine).toEqual([
      { message: { source: WALLET_FRAME_SOURCE, type: WALLET_FRAME_READY }, targetOrigin: ORIGIN },
    ]);
    const before = wire.length;
    const create = {
      source: WALLET_FRAME_SOURCE,
      id: 'evil-1',
      type: 'wallet:create',
      data: { accessToken: alice.token },
    };
    device.deliver(create, { origin: 'https://evil.example' });
    device.deliver(create, { origin: `${ORIGIN}/` });
    device.deliver(create, { origin: OTHER_ORIGIN });
    device.deliver(create, { source: {} });
    device.deliver(create, { source: null });
    device.deliver({ ...create, source: 'someone-else' });
    device.deliver({ ...create, type: 'wallet:unknown' });
    device.deliver({ ...create, id: 42 });
    device.deliver('wallet:create');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(device.mine).toHaveLength(1);
    expect(wire.length).toBe(before);
    expect(device.store.values.size).toBe(0);
    expect(await walletAccounts(alice.user.id)).toEqual([]);
  });

  it('creates, signs, recovers on a new device, sets a password and recovers with it', async () => {
    const secrets: string[] = [];
    const remember = (...values: string[]) => secrets.push(...values);
    const shareTexts = (share: Uint8Array) => [toB64url(share), Buffer.from(share).toString('hex')];

    // Device 1 creates the wallet ('gatehouse' recovery).
    const device1 = openFrame();
    const created = await device1.request('wallet:create', { accessToken: alice.token });
    expect(created.error).toBeUndefined();
    const address = created.data?.address as string;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(created.data?.recoveryMethod).toBe('gatehouse');
    const accounts = await walletAccounts(alice.user.id);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({
      address,
      wallet_client_type: 'gatehouse',
      recovery_method: 'gatehouse',
    });
    const device1Share = (await device1.store.get(h.appId, address)) as Uint8Array;
    expect(device1Share).toHaveLength(17);
    const probe = walletApi({ baseUrl: PUBLIC_URL, appId: h.appId, fetch: frameFetch });
    const device1Key = await device1.store.getKey(h.appId, address);
    expect(device1Key?.privateKey.extractable).toBe(false);
    const firstAuth = await probe.authShare(alice.token, address, { device: device1Key! });
    const { wallet: firstKey, entropy } = await rebuild(device1Share, firstAuth, address);
    remember(firstKey.privateKey.slice(2), Mnemonic.entropyToPhrase(entropy), ...shareTexts(device1Share));
    remember(...shareTexts(firstAuth));

    // A second wallet for the same user is refused by the provider.
    const second = await device1.request('wallet:create', { accessToken: alice.token });
    expect(second.error).toEqual({ type: 'error', message: 'Only one wallet per user is currently allowed' });
    expect(await walletAccounts(alice.user.id)).toHaveLength(1);

    // Signing: a message, typed data and a transaction, all recovering to the wallet address.
    const signed = await device1.request('wallet:rpc', {
      accessToken: alice.token,
      address,
      request: { method: 'personal_sign', params: ['Hello from Gatehouse', address] },
    });
    expect(verifyMessage('Hello from Gatehouse', signed.data?.response.data as string)).toBe(address);
    expect(signed.data?.response.method).toBe('personal_sign');
    const typedData = {
      domain: { name: 'Gatehouse', version: '1', chainId: 31337 },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Mail: [
          { name: 'to', type: 'address' },
          { name: 'contents', type: 'string' },
        ],
      },
      primaryType: 'Mail',
      message: { to: address, contents: 'hi' },
    };
    const typed = await device1.request('wallet:rpc', {
      accessToken: alice.token,
      address,
      request: { method: 'eth_signTypedData_v4', params: [address, JSON.stringify(typedData)] },
    });
    const { EIP712Domain: _domain, ...types } = typedData.types;
    expect(
      verifyTypedData(typedData.domain, types, typedData.message, typed.data?.response.data as string),
    ).toBe(address);
    const tx = await device1.request('wallet:rpc', {
      accessToken: alice.token,
      address,
      request: {
        method: 'eth_signTransaction',
        params: [
          {
            from: address,
            to: '0x000000000000000000000000000000000000dEaD',
            value: '0x2386f26fc10000',
            nonce: '0x0',
            gas: '0x5208',
            maxFeePerGas: '0x77359400',
            maxPriorityFeePerGas: '0x3b9aca00',
            chainId: '0x7a69',
            type: '0x2',
          },
        ],
      },
    });
    const parsed = Transaction.from(tx.data?.response.data as string);
    expect(parsed.from).toBe(address);
    expect(parsed.chainId).toBe(31337n);
    expect(parsed.value).toBe(10_000_000_000_000_000n);

    // Bob's token cannot make alice's frame sign, even with her wallet unlocked in it.
    const stolen = await device1.request('wallet:rpc', {
      accessToken: bob.token,
      address,
      request: { method: 'personal_sign', params: ['0x1234', address] },
    });
    expect(stolen.data).toBeUndefined();
    expect(stolen.error?.type).toBe('error');
    // Nor can a token with alice's claims but not the provider's signature.
    const [header, payload] = alice.token.split('.');
    const forged = await device1.request('wallet:rpc', {
      accessToken: `${header}.${payload}.${'A'.repeat(86)}`,
      address,
      request: { method: 'personal_sign', params: ['0x1234', address] },
    });
    expect(forged.data).toBeUndefined();
    expect(forged.error).toEqual({ type: 'error', message: 'Missing or invalid token.' });

    // Device 2 (a fresh browser) has no device share: connect says so. Silent recovery fixes it
    // once, in a later session of hers, the code mailed to her is typed in its surface.
    let openedRecovery: Uint8Array | undefined;
    const device2 = openFrame(new ProfileStore(), (api) => ({
      ...api,
      async recovery(token, at, proofs) {
        const fetched = await api.recovery(token, at, proofs);
        if (fetched.recoveryMethod === 'gatehouse') openedRecovery = fetched.share.slice();
        return fetched;
      },
    }));
    const missing = await device2.request('wallet:connect', { accessToken: alice.token, address });
    expect(missing.error?.type).toBe('wallet_not_on_device');
    const fresh = await laterLogin(h, ALICE);
    const recovered = await device2.request(
      'wallet:recover',
      { accessToken: fresh.token, address },
      { user: confirmByEmail(h, ALICE) },
    );
    expect(recovered).toMatchObject({ data: { address } });
    const oldRecovery = openedRecovery as Uint8Array;
    remember(...shareTexts(oldRecovery));
    const device2Share = (await device2.store.get(h.appId, address)) as Uint8Array;
    expect(device2Share).not.toEqual(device1Share);
    remember(...shareTexts(device2Share));
    // Both devices now connect, each with its own share.
    for (const store of [device2.store, device1.store]) {
      const connected = await openFrame(store).request('wallet:connect', {
        accessToken: fresh.token,
        address,
      });
      expect(connected).toMatchObject({ data: { address } });
    }

    // Device 2 sets a recovery password, typed in its surface: the key is re-split.
    const password = 'correct-horse-42';
    remember(password);
    const set = await device2.request(
      'wallet:set-recovery-password',
      { accessToken: fresh.token, address },
      { user: typePassword(password) },
    );
    expect(set).toMatchObject({ data: { address, recoveryMethod: 'user-passcode' } });
    expect((await walletAccounts(alice.user.id))[0]).toMatchObject({ recovery_method: 'user-passcode' });
    const device2Key = await device2.store.getKey(h.appId, address);
    const newAuth = await probe.authShare(fresh.token, address, { device: device2Key! });
    remember(
      ...shareTexts(newAuth),
      ...shareTexts((await device2.store.get(h.appId, address)) as Uint8Array),
    );
    // The old recovery share and device 1's old device share no longer rebuild the wallet.
    await expect(reconstruct(oldRecovery, newAuth, address)).rejects.toBeInstanceOf(AddressMismatchError);
    await expect(reconstruct(device1Share, newAuth, address)).rejects.toBeInstanceOf(AddressMismatchError);
    const stale = await openFrame(device1.store).request('wallet:connect', {
      accessToken: fresh.token,
      address,
    });
    expect(stale.error?.type).toBe('wallet_not_on_device');

    // Device 3 recovers with the step-up, then the password only: a wrong one stays on the surface.
    const device3 = openFrame();
    const passwords = enterPassword(password, 'wrong-horse-42', () =>
      expect(device3.store.values.size).toBe(0),
    );
    const withPassword = await device3.request(
      'wallet:recover',
      { accessToken: fresh.token, address },
      { user: confirmByEmail(h, ALICE, passwords) },
    );
    expect(withPassword).toMatchObject({ data: { address } });
    const again = await device3.request('wallet:rpc', {
      accessToken: fresh.token,
      address,
      request: { method: 'personal_sign', params: ['after recovery', address] },
    });
    expect(verifyMessage('after recovery', again.data?.response.data as string)).toBe(address);
    remember(...shareTexts((await device3.store.get(h.appId, address)) as Uint8Array));

    // No key, mnemonic, share or password in any message to the host or on the wire.
    const outside = [...posted.map((p) => JSON.stringify(p.message)), ...wire].join('\n').toLowerCase();
    for (const secret of secrets) expect(outside).not.toContain(secret.toLowerCase());
    // Every message went to the host origin, never '*'.
    expect(new Set(posted.map((p) => p.targetOrigin))).toEqual(new Set([ORIGIN]));
  }, 120_000);
});
