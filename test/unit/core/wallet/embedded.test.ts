import { afterEach, describe, expect, it, vi } from 'vitest';
import { WalletProxy, WalletProxyError } from '../../../../src/core/wallet/embedded/proxy.js';
import { WALLET_FRAME_READY, WALLET_FRAME_SOURCE } from '../../../../src/protocol/wallet-frame.js';
import { API_URL, APP_ID } from '../../helpers/fake-provider.js';
import { ethersFrame, HOST_ORIGIN, PROVIDER_ORIGIN } from './ethers-frame.js';

afterEach(() => {
  vi.useRealTimers();
});

function proxyFor(frame: ReturnType<typeof ethersFrame>) {
  return new WalletProxy({
    apiUrl: API_URL,
    appId: APP_ID,
    clientAnalyticsId: 'caid-1',
    hostOrigin: HOST_ORIGIN,
    messages: frame.seams.messages,
    mount: frame.seams.mount,
  });
}

describe('WalletProxy (the host side of the §7 wallet frame)', () => {
  it('adds the frame at /apps/{appId}/embedded-wallets with caid and origin, waits for ready, posts only to the provider origin', async () => {
    const frame = ethersFrame();
    const proxy = proxyFor(frame);
    const reply = await proxy.request('wallet:connect', { accessToken: 't', address: frame.address });
    expect(reply).toEqual({ address: frame.address });
    const url = new URL(frame.url);
    expect(url.origin + url.pathname).toBe(`${PROVIDER_ORIGIN}/apps/${APP_ID}/embedded-wallets`);
    expect(url.searchParams.get('caid')).toBe('caid-1');
    expect(url.searchParams.get('origin')).toBe(HOST_ORIGIN);
    expect(frame.origins).toEqual([PROVIDER_ORIGIN]);
    expect(frame.received[0]).toMatchObject({ source: WALLET_FRAME_SOURCE, type: 'wallet:connect' });
    expect(typeof frame.received[0]?.id).toBe('string');
    // One frame for every request.
    await proxy.request('wallet:connect', { accessToken: 't', address: frame.address });
    expect(frame.mounted).toBe(1);
  });

  it('accepts a reply only from the frame window and the provider origin exactly', async () => {
    const frame = ethersFrame({ override: (m) => (m.type === 'wallet:connect' ? 'silence' : undefined) });
    const proxy = proxyFor(frame);
    const pending = proxy.request('wallet:connect', { accessToken: 't', address: frame.address });
    let settled = false;
    void pending.then(() => {
      settled = true;
    });
    await vi.waitFor(() => expect(frame.received).toHaveLength(1));
    const id = frame.received[0]?.id;
    const forged = { source: WALLET_FRAME_SOURCE, id, type: 'wallet:connect', data: { address: '0xevil' } };
    frame.post(forged, 'https://evil.test');
    frame.post(forged, `${PROVIDER_ORIGIN}.evil.test`);
    frame.post(forged, PROVIDER_ORIGIN, {});
    frame.post(forged, PROVIDER_ORIGIN, null);
    // Another type for the same id is not the reply either.
    frame.post({ ...forged, type: 'wallet:recover' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);
    frame.post({ source: WALLET_FRAME_SOURCE, id, type: 'wallet:connect', data: { address: frame.address } });
    await expect(pending).resolves.toEqual({ address: frame.address });
  });

  it('ignores a ready message from another origin; the connect wait runs out after 30 s with "Wallet timeout"', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const frame = ethersFrame({ ready: false });
    const proxy = proxyFor(frame);
    const waiting = proxy.ready();
    const outcome = waiting.then(
      () => 'ready',
      (error: WalletProxyError) => error.message,
    );
    frame.post({ source: WALLET_FRAME_SOURCE, type: WALLET_FRAME_READY }, 'https://evil.test');
    await vi.advanceTimersByTimeAsync(29_999);
    frame.post({ source: WALLET_FRAME_SOURCE, type: WALLET_FRAME_READY }, PROVIDER_ORIGIN, {});
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('Wallet timeout');
  });

  it('waits 15 s for the frame when the wallet is created from the API', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const frame = ethersFrame({ ready: false });
    const proxy = proxyFor(frame);
    const outcome = proxy.ready(true).then(
      () => 'ready',
      (error: Error) => error.message,
    );
    await vi.advanceTimersByTimeAsync(15_000);
    expect(await outcome).toBe('Wallet timeout');
  });

  it("wallet:create gives up after 10 s with 'walletProxy.create timed out.'", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const frame = ethersFrame({ override: (m) => (m.type === 'wallet:create' ? 'silence' : undefined) });
    const proxy = proxyFor(frame);
    const outcome = proxy.create({ accessToken: 't' }).then(
      () => 'created',
      (error: Error) => error.message,
    );
    await vi.advanceTimersByTimeAsync(9_999);
    expect(frame.received).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('walletProxy.create timed out.');
  });

  it('shares identical pending create calls: one wallet:create for both', async () => {
    const frame = ethersFrame();
    const proxy = proxyFor(frame);
    const [a, b] = await Promise.all([
      proxy.create({ accessToken: 't' }),
      proxy.create({ accessToken: 't' }),
    ]);
    expect(a).toEqual(b);
    expect(frame.received.filter((m) => m.type === 'wallet:create')).toHaveLength(1);
    // Once settled, a new call is a new request.
    await proxy.create({ accessToken: 't' });
    expect(frame.received.filter((m) => m.type === 'wallet:create')).toHaveLength(2);
  });

  it("a reply's error becomes a WalletProxyError carrying the §8 wallet error type", async () => {
    const frame = ethersFrame({ onDevice: false });
    const proxy = proxyFor(frame);
    const error = await proxy
      .request('wallet:connect', { accessToken: 't', address: frame.address })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WalletProxyError);
    expect(error).toMatchObject({
      type: 'wallet_error',
      code: 'wallet_not_on_device',
      walletErrorType: 'wallet_not_on_device',
    });
  });
});
