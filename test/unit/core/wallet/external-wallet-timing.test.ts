/**
 * External wallets on a fake clock (§4.4, §9): the wallet request timeout (120 s, or the host's per
 * wallet type), MetaMask's connect delay (2.5 s) and the discovery wait (3 s).
 */

import { afterEach, describe, expect, it, vi } from 'vitest';
import { WalletDiscovery } from '../../../../src/core/wallet/external/discovery.js';
import { freshWallets } from '../../helpers/external-wallets.js';
import { FakeExtensionWallet, fakePage, RAINBOW_INFO } from '../../helpers/fake-eip1193.js';
import { siweClient } from '../../helpers/siwe-client.js';

afterEach(() => {
  vi.useRealTimers();
});

const METAMASK_INFO = { uuid: 'mm-1', name: 'MetaMask', icon: '', rdns: 'io.metamask' };

/** A client whose wallet never answers eth_requestAccounts, on a page of its own (no test seams). */
async function silentWallet(host?: object) {
  const t = await siweClient({ host });
  const page = fakePage();
  const wallet = new FakeExtensionWallet();
  const silent = {
    ...wallet,
    request: (args: { method: string }) =>
      args.method === 'eth_requestAccounts' ? new Promise(() => {}) : wallet.request(args),
  };
  const wallets = freshWallets(t.gatehouse, { page });
  const errors: unknown[] = [];
  t.events.target.addEventListener('login:error', (e) => errors.push((e as CustomEvent).detail));
  return { ...t, wallets, silent, errors };
}

describe('external wallets on a fake clock (§4.4, §9)', () => {
  it('a wallet request times out after 120000 ms by default: Wallet request timed out, with Retry', async () => {
    const t = await silentWallet();
    vi.useFakeTimers();
    void t.wallets.choose({ info: RAINBOW_INFO, provider: t.silent }, 'login');
    await vi.advanceTimersByTimeAsync(119_999);
    expect(t.wallets.$flow.get()).toMatchObject({ status: 'connecting', error: null });
    await vi.advanceTimersByTimeAsync(1);
    expect(t.wallets.$flow.get().error).toEqual({
      code: 'client_request_timeout',
      message: 'Wallet request timed out',
      detail: null,
      retryable: true,
    });
    expect(t.errors).toEqual([{ code: 'client_request_timeout', message: 'Wallet request timed out' }]);
  });

  it("the host's externalWallets.requestTimeoutMs for this wallet type replaces the default", async () => {
    const t = await silentWallet({ externalWallets: { requestTimeoutMs: { rainbow: 5000, metamask: 60 } } });
    vi.useFakeTimers();
    void t.wallets.choose({ info: RAINBOW_INFO, provider: t.silent }, 'login');
    await vi.advanceTimersByTimeAsync(4999);
    expect(t.wallets.$flow.get().error).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(t.wallets.$flow.get().error?.message).toBe('Wallet request timed out');
  });

  it('a timeout that is not a positive number of ms is refused at init()', async () => {
    const t = await siweClient();
    for (const requestTimeoutMs of [{ rainbow: 0 }, { rainbow: '5000' }, [5000], 5000]) {
      await expect(
        t.gatehouse.call('init', [{ externalWallets: { requestTimeoutMs } }]),
      ).rejects.toMatchObject({ code: 'invalid_config' });
    }
  });

  it('MetaMask is asked to connect 2500 ms after the choice; another wallet at once', async () => {
    const t = await siweClient();
    const metamask = new FakeExtensionWallet();
    const wallets = freshWallets(t.gatehouse, { page: fakePage() });
    vi.useFakeTimers();
    void wallets.choose({ info: METAMASK_INFO, provider: metamask }, 'login');
    await vi.advanceTimersByTimeAsync(2499);
    expect(metamask.calls).toEqual([]);
    expect(wallets.$flow.get().status).toBe('connecting');
    await vi.advanceTimersByTimeAsync(1);
    expect(metamask.calls[0]).toBe('eth_requestAccounts');

    const rainbow = new FakeExtensionWallet();
    const others = freshWallets(t.gatehouse, { page: fakePage() });
    void others.choose({ info: RAINBOW_INFO, provider: rainbow }, 'login');
    await vi.advanceTimersByTimeAsync(0);
    expect(rainbow.calls[0]).toBe('eth_requestAccounts');
  });

  it('discovery waits 3000 ms for wallets to announce themselves; one announced meanwhile is found', async () => {
    vi.useFakeTimers();
    const page = fakePage();
    const discovery = new WalletDiscovery({ page });
    let settled = false;
    void discovery.settled.then(() => (settled = true));
    const found = discovery.find((info) => info.rdns === RAINBOW_INFO.rdns);
    const missing = discovery.find((info) => info.rdns === 'io.metamask');
    await vi.advanceTimersByTimeAsync(2000);
    new FakeExtensionWallet().announceOn(page, RAINBOW_INFO);
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
    expect((await found)?.info.name).toBe('Rainbow');
    expect(await missing).toBeUndefined();
  });
});
